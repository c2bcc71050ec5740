/** Pure updates of a reward calendar: claiming and the fan's interactions with a claimed day. */
import { rewardDayState } from './reward-rules';
import type { DailyReward } from './types';

export class RewardClaimError extends Error {}

/** Marks `day` claimed; throws for a locked or already-claimed day, as the server refuses those. */
export function claimRewardDay(rewards: DailyReward[], day: number): DailyReward[] {
  const reward = rewards.find((r) => r.day === day);
  if (!reward) throw new RewardClaimError(`Day ${day} is not in this calendar`);
  const state = rewardDayState(reward);
  if (state === 'locked') throw new RewardClaimError(`Day ${day} is still locked`);
  if (state === 'claimed') throw new RewardClaimError(`Day ${day} was already claimed`);
  return rewards.map((r) => (r.day === day ? { ...r, isClaimed: true } : r));
}

/**
 * The streak: consecutive claimed days ending today (or yesterday, when today is still open).
 * Days are counted by calendar position, so a missed day breaks it.
 */
export function computeStreak(rewards: DailyReward[]): number {
  const sorted = [...rewards].sort((a, b) => a.day - b.day);
  const todayIndex = sorted.findIndex((r) => r.isToday);
  if (todayIndex < 0) return 0;
  let index = sorted[todayIndex]?.isClaimed ? todayIndex : todayIndex - 1;
  let streak = 0;
  while (index >= 0 && sorted[index]?.isClaimed) {
    streak += 1;
    index -= 1;
  }
  return streak;
}

export function toggleRewardFlag(rewards: DailyReward[], day: number, flag: 'isReacted' | 'isSaved'): DailyReward[] {
  return rewards.map((r) => (r.day === day && r.isClaimed ? { ...r, [flag]: !r[flag] } : r));
}
