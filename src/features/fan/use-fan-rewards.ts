import { useContext } from 'react';
import { SyncContext } from '@/data/sync-context';
import { buildSampleDailyRewards, useDailyRewardsState, useSyncedRewards } from '@/features/rewards';

/**
 * The fan's 30-day reward calendar: synced rows from the local database; 'loading' until the first
 * pull brought them (`awaitingFirstSync` while they are still on their way, else there are none);
 * the sample only where no local database exists (test harness, demos).
 */
export function useFanRewards() {
  const sync = useContext(SyncContext);
  const sample = useDailyRewardsState(() => buildSampleDailyRewards());
  const { calendar, awaitingFirstSync } = useSyncedRewards();
  if (calendar) return { ...calendar, source: 'synced' as const, awaitingFirstSync: false };
  if (sync?.userId && !sync.error)
    return { ...sample, rewards: [], refused: [] as string[], source: 'loading' as const, awaitingFirstSync };
  return { ...sample, refused: [] as string[], source: 'sample' as const, awaitingFirstSync: false };
}
