/** Public entry of the Daily Rewards feature. */
export { DailyRewardsCalendar, type DailyRewardsCalendarProps } from './DailyRewardsCalendar';
export type { RewardDayHandlers } from './RewardDayModal';
export {
  SAMPLE_DAILY_REWARDS,
  SAMPLE_FAN_TIER,
  SAMPLE_TODAY_DAY,
  buildSampleDailyRewards,
} from './sample-daily-rewards';
export { useDailyRewardsState } from './use-daily-rewards-state';
export { streakBadge, REWARD_DAYS } from './reward-rules';
export { StreakBadgeIcons } from './StreakSummary';
export type { DailyReward, RewardRarity, RewardType } from './types';
export { useSyncedRewards } from './use-synced-rewards';
export { rewardsFromRows, refusedClaimMessages } from './rewards-from-rows';
export { writeRewardClaim } from './reward-writes';
export { NoRewardsYet } from './NoRewardsYet';
