/**
 * Follow ('Join' on the free tier) and unfollow a real artist, offline-first: a local write of the
 * fan's `subscriptions` row that the engine pushes. Invariants: id = `fan_id|artist_id` (the
 * server's trigger checks it), so following on two devices converges on one row; a follow is
 * always the free tier — paid tiers come only from the payment service (the server refuses a
 * client raising its tier); unfollow is a soft delete, and following again revives the row.
 */
import type { BucketDatabase } from '../collections';
import { fanRowId } from '../schemas/fan-common';
import type { SubscriptionDoc } from '../schemas/subscriptions';
import { nowIso } from './upsert-document';

export interface FollowInput {
  fanId: string;
  artistId: string;
  artistName: string;
}

export async function followArtist(db: BucketDatabase, input: FollowInput): Promise<void> {
  const id = fanRowId(input.fanId, input.artistId);
  const existing = await db.subscriptions.findOne(id).exec();
  if (existing) return; // already following, on whatever tier was granted
  const now = nowIso();
  const doc: SubscriptionDoc = {
    id,
    fan_id: input.fanId,
    artist_id: input.artistId,
    artist_name: input.artistName,
    tier: 'free',
    fan_tier: 0,
    price: 0,
    created_at: now,
    updated_at: now,
    sync_state: 'dirty',
    sync_modified: null,
  };
  // A previously removed row is revived by insert (RxDB keeps the tombstone's revision).
  await db.subscriptions.insert(doc);
}

export async function unfollowArtist(db: BucketDatabase, fanId: string, artistId: string): Promise<void> {
  const existing = await db.subscriptions.findOne(fanRowId(fanId, artistId)).exec();
  if (existing) await existing.remove();
}
