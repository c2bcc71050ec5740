import { startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { combineLatest } from 'rxjs';
import type { DailyRewardDoc, RewardClaimDoc } from '@sync/model';
import { mergeFirstPage } from '@/data/first-screen';
import { SyncContext } from '@/data/sync-context';
import { useFirstPage, useFirstPageUntilLocal } from '@/data/use-first-page';
import { afterFirstSync, useAwaitingFirstSync } from '@/data/use-first-sync-pending';
import { computeStreak } from './reward-actions';
import { writeRewardClaim } from './reward-writes';
import { refusedClaimMessages, rewardsFromRows } from './rewards-from-rows';

/**
 * The fan's calendar from the local database (`calendar` null without a signed-in database or
 * before the first rows arrive, `awaitingFirstSync` saying whether they are still on their way);
 * on a new device the first pull pages show at once, merged under the local rows until the first
 * sync has finished. Claims are local writes that sync later (made while the
 * database still opens, they wait for it); a refused one drops back to unclaimed and its message
 * is returned in `refused`.
 */
export function useSyncedRewards() {
  const sync = useContext(SyncContext);
  const db = sync?.db ?? null;
  const userId = sync?.userId ?? null;
  const whenDb = sync?.whenDb;
  const engine = sync?.engine ?? null;
  const [local, setLocal] = useState<{
    db: unknown;
    rewards: DailyRewardDoc[];
    claims: RewardClaimDoc[];
    afterSync: boolean;
  } | null>(null);
  const firstRewards = useFirstPage<DailyRewardDoc>('daily_rewards');
  const firstClaims = useFirstPage<RewardClaimDoc>('reward_claims');

  useEffect(() => {
    if (!db) return;
    const rows$ = () => combineLatest([db.daily_rewards.find().$, db.reward_claims.find().$]);
    const subscription = afterFirstSync(engine, rows$).subscribe(({ rows: [rows, claims], afterSync }) => {
      const rewards = rows.map((d) => d.toMutableJSON() as DailyRewardDoc);
      const claimRows = claims.map((d) => d.toMutableJSON() as RewardClaimDoc);
      // A transition: the 30-day calendar re-renders in slices while a sync lands its rows.
      startTransition(() => setLocal({ db, rewards, claims: claimRows, afterSync }));
    });
    return () => subscription.unsubscribe();
  }, [db, engine]);

  const localRows = local && local.db === db ? local : null;
  // With no calendar yet: still on its way (the first sync), or none (say so).
  const awaitingFirstSync = useAwaitingFirstSync(localRows?.afterSync);
  const firstRows = useMemo(
    () => (firstRewards && firstClaims ? { rewards: firstRewards, claims: firstClaims } : null),
    [firstRewards, firstClaims],
  );
  const first = useFirstPageUntilLocal(firstRows, localRows, userId);
  const state = useMemo(() => {
    const rows =
      localRows && first
        ? {
            rewards: mergeFirstPage(first.rewards, localRows.rewards),
            claims: mergeFirstPage(first.claims, localRows.claims),
          }
        : (localRows ?? first);
    if (!rows?.rewards.length) return null;
    return {
      rewards: rewardsFromRows(rows.rewards, rows.claims, new Date()),
      refused: refusedClaimMessages(rows.claims),
    };
  }, [localRows, first]);

  const onClaim = useCallback(
    async (day: number) => {
      if (!userId || !whenDb || !state) return;
      await writeRewardClaim(db ?? (await whenDb()), userId, state.rewards, day);
    },
    [db, userId, whenDb, state],
  );

  const toggle = useCallback(
    async (day: number, field: 'reacted' | 'saved') => {
      if (!userId || !whenDb) return;
      const target = db ?? (await whenDb());
      const doc = await target.reward_claims.findOne(`${userId}|${day}`).exec();
      await doc?.incrementalPatch({ [field]: !doc[field], updated_at: new Date().toISOString() });
    },
    [db, userId, whenDb],
  );

  const onReact = useCallback((day: number) => void toggle(day, 'reacted'), [toggle]);
  const onSave = useCallback((day: number) => void toggle(day, 'saved'), [toggle]);

  if (!state) return { calendar: null, awaitingFirstSync };
  const calendar = {
    rewards: state.rewards,
    refused: state.refused,
    streak: computeStreak(state.rewards),
    onClaim,
    onReact,
    onSave,
  };
  return { calendar, awaitingFirstSync };
}
