import { startTransition, useCallback, useContext, useEffect, useState } from 'react';
import { combineLatest } from 'rxjs';
import type { DailyRewardDoc } from '../../../sync/schemas/daily-rewards';
import type { RewardClaimDoc } from '../../../sync/schemas/reward-claims';
import { SyncContext } from '../../data/sync-context';
import { computeStreak } from './reward-actions';
import { writeRewardClaim } from './reward-writes';
import { refusedClaimMessages, rewardsFromRows } from './rewards-from-rows';
import type { DailyReward } from './types';

/**
 * The fan's calendar from the local database (null without a signed-in database or before the
 * first rows arrive). Claims are local writes that sync later; a refused one drops back to
 * unclaimed and its message is returned in `refused`.
 */
export function useSyncedRewards() {
  const sync = useContext(SyncContext);
  const db = sync?.db ?? null;
  const userId = sync?.userId ?? null;
  const [state, setState] = useState<{ rewards: DailyReward[]; refused: string[] } | null>(null);

  useEffect(() => {
    if (!db) return;
    const subscription = combineLatest([db.daily_rewards.find().$, db.reward_claims.find().$]).subscribe(
      ([rows, claims]) => {
        const rewardRows = rows.map((d) => d.toMutableJSON() as DailyRewardDoc);
        const claimRows = claims.map((d) => d.toMutableJSON() as RewardClaimDoc);
        const next = rewardRows.length
          ? { rewards: rewardsFromRows(rewardRows, claimRows, new Date()), refused: refusedClaimMessages(claimRows) }
          : null;
        // A transition: the 30-day calendar re-renders in slices while a sync lands its rows.
        startTransition(() => setState(next));
      },
    );
    return () => subscription.unsubscribe();
  }, [db]);

  const onClaim = useCallback(
    async (day: number) => {
      if (!db || !userId || !state) return;
      await writeRewardClaim(db, userId, state.rewards, day);
    },
    [db, userId, state],
  );

  const toggle = useCallback(
    async (day: number, field: 'reacted' | 'saved') => {
      const doc = userId ? await db?.reward_claims.findOne(`${userId}|${day}`).exec() : null;
      await doc?.incrementalPatch({ [field]: !doc[field], updated_at: new Date().toISOString() });
    },
    [db, userId],
  );

  if (!state) return null;
  return {
    rewards: state.rewards,
    refused: state.refused,
    streak: computeStreak(state.rewards),
    onClaim,
    onReact: (day: number) => void toggle(day, 'reacted'),
    onSave: (day: number) => void toggle(day, 'saved'),
  };
}
