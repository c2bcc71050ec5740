/**
 * Claiming a reward day as a local write (synced later). Invariants: the same rule the server
 * applies is checked first against the calendar the device holds (a locked or claimed day throws);
 * the claim id is `fan_id|day`, so a claim made on two devices is one row; if the server still
 * refuses it (its calendar changed meanwhile), the row is marked rejected and the calendar shows
 * the day unclaimed again with the server's message (rewards-from-rows.ts).
 */
import type { BucketDatabase } from '@sync';
import { fanRowId } from '@sync/model';
import { claimRewardDay } from './reward-actions';
import type { DailyReward } from './types';

export async function writeRewardClaim(
  db: BucketDatabase,
  fanId: string,
  rewards: DailyReward[],
  day: number,
): Promise<void> {
  claimRewardDay(rewards, day); // throws for a locked or claimed day, as the server would
  const now = new Date().toISOString();
  const id = fanRowId(fanId, day);
  const existing = await db.reward_claims.findOne(id).exec();
  if (existing) {
    // A claim the server refused earlier, tried again: edit it so it is pushed once more.
    await existing.incrementalModify((data) => ({ ...data, claimed_at: now, updated_at: now }));
    return;
  }
  await db.reward_claims.insert({
    id,
    fan_id: fanId,
    day,
    claimed_at: now,
    reacted: false,
    saved: false,
    shared: false,
    created_at: now,
    updated_at: now,
    sync_state: 'dirty',
    sync_modified: null,
  });
}
