import { useCallback, useRef, useState } from 'react';
import { claimRewardDay, computeStreak, toggleRewardFlag } from './reward-actions';
import type { DailyReward } from './types';

/**
 * In-memory calendar state for sample data (demos, the dashboard's mock mode). `initial` may be a
 * function, called on the first render only (the sample calendar is built once, not per render).
 */
export function useDailyRewardsState(initial: DailyReward[] | (() => DailyReward[])) {
  const [rewards, setRewardsState] = useState(initial);
  const latest = useRef(rewards);
  const setRewards = useCallback((next: DailyReward[]) => {
    latest.current = next;
    setRewardsState(next);
  }, []);
  return {
    rewards,
    streak: computeStreak(rewards),
    // Throws for a locked or claimed day, so the calendar shows the refusal instead of celebrating.
    onClaim: useCallback((day: number) => setRewards(claimRewardDay(latest.current, day)), [setRewards]),
    onReact: useCallback((day: number) => setRewards(toggleRewardFlag(latest.current, day, 'isReacted')), [setRewards]),
    onSave: useCallback((day: number) => setRewards(toggleRewardFlag(latest.current, day, 'isSaved')), [setRewards]),
  };
}
