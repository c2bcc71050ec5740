import { DailyLockerCarousel, SAMPLE_LOCKER_ITEMS, useLockerItemsState } from '@/features/locker';
import { DailyRewardsCalendar, SAMPLE_DAILY_REWARDS, SAMPLE_FAN_TIER, useDailyRewardsState } from '@/features/rewards';

/** Locker A: the fan's 3D Daily Locker carousel on sample drops. */
export function LockerA() {
  const { items, ...handlers } = useLockerItemsState(SAMPLE_LOCKER_ITEMS);
  return <DailyLockerCarousel items={items} fanTier={SAMPLE_FAN_TIER} label="Daily Locker (demo)" {...handlers} />;
}

/** Locker B: the Daily Rewards calendar on sample days (day 6 is today). */
export function LockerB() {
  const { rewards, streak, ...handlers } = useDailyRewardsState(SAMPLE_DAILY_REWARDS);
  return <DailyRewardsCalendar rewards={rewards} streak={streak} fanTier={SAMPLE_FAN_TIER} {...handlers} />;
}
