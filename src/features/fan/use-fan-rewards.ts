import { buildSampleDailyRewards, useDailyRewardsState, useSyncedRewards } from '../rewards';

/** The fan's 30-day reward calendar: synced rows when the local database has them, else the sample. */
export function useFanRewards() {
  const sample = useDailyRewardsState(buildSampleDailyRewards());
  const synced = useSyncedRewards();
  return synced ?? { ...sample, refused: [] as string[] };
}
