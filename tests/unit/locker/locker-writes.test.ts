import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BucketDatabase } from '../../../sync';
import { knownFieldsOf } from '../../../sync/collections';
import { fromServerRow } from '../../../sync/local-fields';
import type { LockerItemDoc } from '../../../sync/schemas/locker-items';
import { lockerItemsFromRows, refusedLockerMessages } from '../../../src/features/locker/locker-from-rows';
import { interactionPatch, writeLockerChange, writeLockerComment } from '../../../src/features/locker/locker-writes';
import { openTestDatabase } from '../sync/helpers/open-test-engine';

const FAN = '11111111-1111-4111-8111-111111111111';
const ITEM = `${FAN}|drop-static-bloom`;
const TS = '2026-11-20T12:00:00.000000+00:00';
let db: BucketDatabase;

const itemRow = (): LockerItemDoc =>
  fromServerRow(
    {
      id: ITEM, fan_id: FAN, type: 'music', title: 'Static Bloom', artist: 'BTI', description: '', thumbnail: '',
      rarity: 'legendary', is_new: true, code_value: null, brand_name: null, heart_count: 10, fire_count: 20, star_count: 3,
      share_count: 4, comment_count: 5, fan_tier_required: 3, priority: 1, publish_date: '2026-11-20',
      expires_at: '2026-11-20T13:00:00.000Z', created_at: TS, updated_at: TS, _modified: TS, _deleted: false,
    },
    knownFieldsOf('locker_items'),
  ) as unknown as LockerItemDoc;

beforeAll(async () => {
  db = await openTestDatabase();
  const { _deleted, ...row } = itemRow() as LockerItemDoc & { _deleted?: boolean };
  void _deleted;
  await db.locker_items.insert(row);
});
afterAll(() => db.close());

describe('interactionPatch', () => {
  it('sets, moves and clears the one reaction', () => {
    expect(interactionPatch(null, { kind: 'react', reaction: 'heart' })).toEqual({ reaction: 'heart' });
    const hearted = { reaction: 'heart', saved: false, used: false, shared: false } as const;
    expect(interactionPatch(hearted, { kind: 'react', reaction: 'fire' })).toEqual({ reaction: 'fire' });
    expect(interactionPatch(hearted, { kind: 'react', reaction: 'heart' })).toEqual({ reaction: null });
  });
  it('toggles saved; share and use only ever set their flag', () => {
    expect(interactionPatch(null, { kind: 'save' })).toEqual({ saved: true });
    expect(interactionPatch({ reaction: null, saved: true, used: false, shared: true }, { kind: 'save' })).toEqual({ saved: false });
    expect(interactionPatch({ reaction: null, saved: false, used: true, shared: true }, { kind: 'share' })).toEqual({ shared: true });
    expect(interactionPatch(null, { kind: 'use' })).toEqual({ used: true });
  });
});

describe('locker writes go to the local database, marked for sync', () => {
  it('a reaction, a save and a comment are local dirty rows the carousel reflects', async () => {
    await writeLockerChange(db, FAN, ITEM, { kind: 'react', reaction: 'fire' });
    await writeLockerChange(db, FAN, ITEM, { kind: 'save' });
    await writeLockerComment(db, FAN, ITEM, '  first!  ');
    const interaction = (await db.locker_interactions.findOne(`${FAN}|${ITEM}`).exec())!.toMutableJSON();
    expect(interaction).toMatchObject({ fan_id: FAN, item_id: ITEM, reaction: 'fire', saved: true, sync_state: 'dirty' });
    const comments = (await db.locker_comments.find().exec()).map((d) => d.toMutableJSON());
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ body: 'first!', sync_state: 'dirty' });

    const [item] = lockerItemsFromRows([itemRow()], [interaction], new Date('2026-11-20T12:00:00Z'), comments);
    expect(item).toMatchObject({ userReaction: 'fire', isSaved: true, commentCount: 6, timeLeft: 60 });
    expect(item!.reactions).toEqual({ heart: 10, fire: 21, star: 3 });

    await writeLockerChange(db, FAN, ITEM, { kind: 'react', reaction: 'fire' });
    expect((await db.locker_interactions.findOne(`${FAN}|${ITEM}`).exec())!.reaction).toBeNull();
  });

  it('a refused reaction or comment is rolled back in the view and explained', () => {
    const error = { code: '42501', message: 'Tier 3+ Required to Comment', at: TS };
    const interaction = {
      id: `${FAN}|${ITEM}`, fan_id: FAN, item_id: ITEM, reaction: 'heart' as const, saved: false, used: false, shared: false,
      claimed_date: null, created_at: TS, updated_at: TS, sync_state: 'rejected' as const, sync_modified: null, sync_error: error,
    };
    const comment = { item_id: ITEM, sync_state: 'rejected' as const, sync_error: error };
    const [item] = lockerItemsFromRows([itemRow()], [interaction], new Date('2026-11-20T12:00:00Z'), [comment]);
    expect(item).toMatchObject({ userReaction: null, commentCount: 5 });
    expect(item!.reactions.heart).toBe(10);
    expect(refusedLockerMessages([itemRow()], [interaction], [comment])).toEqual([
      'Your reaction on Static Bloom was not saved: Tier 3+ Required to Comment',
      'Your comment on Static Bloom was not posted: Tier 3+ Required to Comment',
    ]);
  });
});
