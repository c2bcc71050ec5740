/** Reward day rules: pure and unit-tested. */
import type { DailyReward, RewardDayState } from './types';

/** Rewards run 30 days. */
export const REWARD_DAYS = 30;
/** The reward calendar has 7 columns. */
export const CALENDAR_COLUMNS = 7;
/** Spinner before the claim handler runs, then the celebration. */
export const CLAIM_DELAY_MS = 1_500;
export const CELEBRATION_MS = 3_000;

export function rewardDayState(reward: Pick<DailyReward, 'isUnlocked' | 'isClaimed'>): RewardDayState {
  if (reward.isClaimed) return 'claimed';
  return reward.isUnlocked ? 'claimable' : 'locked';
}

/** Today's reward when it is unlocked and not yet claimed: drives the 'Today's Reward Ready!' banner. */
export function claimableToday(rewards: DailyReward[]): DailyReward | undefined {
  return rewards.find((reward) => reward.isToday && rewardDayState(reward) === 'claimable');
}

/** Rows of the 7-column grid, in day order. */
export function calendarWeeks<T>(days: T[], columns = CALENDAR_COLUMNS): T[][] {
  const weeks: T[][] = [];
  for (let start = 0; start < days.length; start += columns) weeks.push(days.slice(start, start + columns));
  return weeks;
}

export type StreakBadgeKind = 'sparkle' | 'lightning' | 'fire';

export interface StreakBadge {
  kind: StreakBadgeKind;
  /** How many fire icons (0 unless kind is 'fire'). */
  fires: 0 | 1 | 2 | 3;
  label: string;
}

/** 3+ days lightning, 7+ one fire, 14+ two fires, 30+ three fires, otherwise sparkle. */
export function streakBadge(streak: number): StreakBadge {
  if (streak >= 30) return { kind: 'fire', fires: 3, label: 'Legendary streak' };
  if (streak >= 14) return { kind: 'fire', fires: 2, label: 'Blazing streak' };
  if (streak >= 7) return { kind: 'fire', fires: 1, label: 'On fire' };
  if (streak >= 3) return { kind: 'lightning', fires: 0, label: 'Charged up' };
  return { kind: 'sparkle', fires: 0, label: 'Getting started' };
}

const MILESTONES = [3, 7, 14, 30];

/** The next streak milestone and the days still needed, or null past 30. */
export function nextStreakMilestone(streak: number): { at: number; daysLeft: number } | null {
  const at = MILESTONES.find((milestone) => milestone > streak);
  return at === undefined ? null : { at, daysLeft: at - streak };
}
