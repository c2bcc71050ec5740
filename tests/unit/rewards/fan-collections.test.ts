import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BucketDatabase } from '../../../sync';
import { knownFieldsOf } from '../../../sync/collections';
import { fromServerRow } from '../../../sync/local-fields';
import { openTestDatabase } from '../sync/helpers/open-test-engine';

const FAN = '11111111-1111-4111-8111-111111111111';
const TS = '2026-11-20T21:54:00.123456+00:00';
let db: BucketDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const pulled = (name: Parameters<typeof knownFieldsOf>[0], row: Record<string, unknown>) => {
  const doc = fromServerRow({ ...row, created_at: TS, updated_at: TS, _modified: TS, _deleted: false }, knownFieldsOf(name));
  delete doc._deleted;
  return doc as never;
};

describe('fan collections accept the server rows', () => {
  it('daily_rewards, reward_claims and subscriptions', async () => {
    await db.daily_rewards.insert(
      pulled('daily_rewards', {
        id: `${FAN}|6`, fan_id: FAN, day: 6, type: 'video', rarity: 'common', title: 'Studio Diary', artist: 'Mara Sol',
        description: '', thumbnail: '', brand_name: null, streak_bonus: false, unlock_date: '2026-11-20', unlocked_early: false,
      }),
    );
    await db.reward_claims.insert(
      pulled('reward_claims', { id: `${FAN}|6`, fan_id: FAN, day: 6, claimed_at: TS, reacted: false, saved: true, shared: false }),
    );
    await db.subscriptions.insert(
      pulled('subscriptions', { id: `${FAN}|bti`, fan_id: FAN, artist_id: 'bti', artist_name: 'BTI', tier: 'tier3', fan_tier: 3, price: 8 }),
    );
    // schema v1: the note of a day a stopped campaign left
    await db.daily_rewards.insert(
      pulled('daily_rewards', {
        id: `${FAN}|9`, fan_id: FAN, day: 9, type: 'bonus', rarity: 'common', title: 'Day 9 Check-in Badge', artist: 'Bucket',
        description: '', thumbnail: '', brand_name: null, replaced_brand_name: 'Loop Coffee', replaced_title: 'Night Shift Drop',
        streak_bonus: false, unlock_date: '2026-11-23', unlocked_early: false, source: 'platform', campaign_id: null,
      }),
    );
    expect((await db.daily_rewards.findOne(`${FAN}|9`).exec())?.replaced_brand_name).toBe('Loop Coffee');
    expect((await db.reward_claims.findOne(`${FAN}|6`).exec())?.saved).toBe(true);
    expect((await db.subscriptions.findOne(`${FAN}|bti`).exec())?.fan_tier).toBe(3);
  });

  it('locker_items, locker_interactions and locker_comments', async () => {
    const item = `${FAN}|drop-static-bloom`;
    await db.locker_items.insert(
      pulled('locker_items', {
        id: item, fan_id: FAN, type: 'music', title: 'Static Bloom', artist: 'BTI', description: '', thumbnail: '',
        rarity: 'legendary', is_new: true, code_value: null, brand_name: null, heart_count: 1, fire_count: 2, star_count: 3,
        share_count: 0, comment_count: 0, fan_tier_required: 3, priority: 1, publish_date: '2026-11-20', expires_at: TS,
      }),
    );
    await db.locker_interactions.insert(
      pulled('locker_interactions', {
        id: `${FAN}|${item}`, fan_id: FAN, item_id: item, reaction: 'fire', saved: false, used: false, shared: false, claimed_date: null,
      }),
    );
    await db.locker_comments.insert(
      pulled('locker_comments', { id: '33333333-3333-4333-8333-333333333333', fan_id: FAN, item_id: item, body: 'yes' }),
    );
    expect(await db.locker_items.count().exec()).toBe(1);
    expect((await db.locker_interactions.findOne(`${FAN}|${item}`).exec())?.reaction).toBe('fire');
  });
});
