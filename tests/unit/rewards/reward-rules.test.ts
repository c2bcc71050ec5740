import { describe, expect, it } from 'vitest';
import { claimRewardDay, computeStreak } from '../../../src/features/rewards/reward-actions';
import {
  calendarWeeks,
  claimableToday,
  nextStreakMilestone,
  rewardDayState,
  streakBadge,
} from '../../../src/features/rewards/reward-rules';
import { buildSampleDailyRewards } from '../../../src/features/rewards/sample-daily-rewards';

describe('streakBadge', () => {
  it.each([
    [0, 'sparkle', 0],
    [2, 'sparkle', 0],
    [3, 'lightning', 0],
    [6, 'lightning', 0],
    [7, 'fire', 1],
    [13, 'fire', 1],
    [14, 'fire', 2],
    [29, 'fire', 2],
    [30, 'fire', 3],
    [45, 'fire', 3],
  ])('streak %i → %s with %i fires', (streak, kind, fires) => {
    expect(streakBadge(streak)).toMatchObject({ kind, fires });
  });
  it('names the next milestone', () => {
    expect(nextStreakMilestone(5)).toEqual({ at: 7, daysLeft: 2 });
    expect(nextStreakMilestone(30)).toBeNull();
  });
});

describe('the sample calendar', () => {
  const rewards = buildSampleDailyRewards(new Date(2026, 10, 20));
  it('runs 30 days: up to 7 unlocked, first 5 claimed, day 6 today, streak 5', () => {
    expect(rewards).toHaveLength(30);
    expect(rewards.filter((r) => r.isUnlocked).map((r) => r.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rewards.filter((r) => r.isClaimed).map((r) => r.day)).toEqual([1, 2, 3, 4, 5]);
    expect(rewards.find((r) => r.isToday)?.day).toBe(6);
    expect(rewards.find((r) => r.day === 6)?.unlockDate).toBe('2026-11-20');
    expect(computeStreak(rewards)).toBe(5);
  });
  it('offers today in the banner until it is claimed', () => {
    expect(claimableToday(rewards)?.day).toBe(6);
    const after = claimRewardDay(rewards, 6);
    expect(claimableToday(after)).toBeUndefined();
    expect(computeStreak(after)).toBe(6);
  });
  it('refuses locked and already-claimed days', () => {
    expect(() => claimRewardDay(rewards, 8)).toThrow('still locked');
    expect(() => claimRewardDay(rewards, 2)).toThrow('already claimed');
  });
  it('knows each day state and lays days out in 7 columns', () => {
    expect(rewardDayState(rewards[0]!)).toBe('claimed');
    expect(rewardDayState(rewards[5]!)).toBe('claimable');
    expect(rewardDayState(rewards[10]!)).toBe('locked');
    const weeks = calendarWeeks(rewards);
    expect(weeks.map((w) => w.length)).toEqual([7, 7, 7, 7, 2]);
  });
});

describe('rewardsFromRows', () => {
  it('marks today, unlocked and claimed days and rolls back a refused claim', async () => {
    const { rewardsFromRows, refusedClaimMessages } = await import('../../../src/features/rewards/rewards-from-rows');
    const row = (day: number, unlock: string, early = false) =>
      ({ id: `f|${day}`, fan_id: 'f', day, type: 'music', rarity: 'common', title: `D${day}`, artist: 'A', description: '', thumbnail: '',
         brand_name: null, streak_bonus: false, unlock_date: unlock, unlocked_early: early, created_at: '', updated_at: '', sync_state: 'clean', sync_modified: null }) as never;
    const claim = (day: number, state: 'clean' | 'rejected') =>
      ({ id: `f|${day}`, fan_id: 'f', day, claimed_at: '', reacted: false, saved: false, shared: false, created_at: '', updated_at: '',
         sync_state: state, sync_modified: null, sync_error: state === 'rejected' ? { code: '42501', message: 'Day 8 is still locked', at: '' } : null }) as never;
    const rewards = rewardsFromRows(
      [row(6, '2026-11-20'), row(7, '2026-11-21', true), row(8, '2026-11-22')],
      [claim(6, 'clean'), claim(8, 'rejected')],
      new Date(2026, 10, 20, 9),
    );
    expect(rewards.map((r) => [r.day, r.isToday, r.isUnlocked, r.isClaimed])).toEqual([
      [6, true, true, true],
      [7, false, true, false],
      [8, false, false, false],
    ]);
    expect(refusedClaimMessages([claim(8, 'rejected')])).toEqual(['Day 8 could not be claimed: Day 8 is still locked']);
  });
});
