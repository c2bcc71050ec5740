import { buildSampleDailyRewards, useDailyRewardsState } from '../rewards';

/** The fan's 30-day reward calendar: the swap point between sample and synced data. */
export function useFanRewards() {
  return useDailyRewardsState(buildSampleDailyRewards());
}
