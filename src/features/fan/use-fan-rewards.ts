import { useContext } from 'react';
import { SyncContext } from '@/data/sync-context';
import { buildSampleDailyRewards, useDailyRewardsState, useSyncedRewards } from '@/features/rewards';

/**
 * The fan's 30-day reward calendar: synced rows from the local database; 'loading' until the first
 * pull brought them; the sample only where no local database exists (test harness, demos).
 */
export function useFanRewards() {
  const sync = useContext(SyncContext);
  const sample = useDailyRewardsState(() => buildSampleDailyRewards());
  const synced = useSyncedRewards();
  if (synced) return { ...synced, source: 'synced' as const };
  if (sync?.userId && !sync.error)
    return { ...sample, rewards: [], refused: [] as string[], source: 'loading' as const };
  return { ...sample, refused: [] as string[], source: 'sample' as const };
}
