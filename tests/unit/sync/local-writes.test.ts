import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEngagement, putContentItem, saveProfile, upsertMediaId, type BucketDatabase } from '../../../sync';
import { MEDIA_ID_FIELD_GROUPS } from '../../../sync/conflicts/media-ids';
import { countAllByState } from '../../../sync/engine/count-by-state';
import { markLocalUpdate } from '../../../sync/track-local-writes';
import { openTestDatabase } from './helpers/open-test-engine';
import { USER_A } from './helpers/rows';

let db: BucketDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('markLocalUpdate', () => {
  const old = { id: 'x', interests: ['a'], location_code: 'US', updated_at: 'u0', sync_state: 'clean', sync_modified: 'm' };
  it('stamps only the edited groups, marks dirty and updated_at', () => {
    const next: Record<string, unknown> = { ...old, interests: ['a', 'b'] };
    markLocalUpdate(next, old, MEDIA_ID_FIELD_GROUPS, 1000);
    expect(next.sync_state).toBe('dirty');
    expect(next.sync_field_times).toEqual({ interests: 1000 });
    expect(next.updated_at).toBe(new Date(1000).toISOString());
  });
  it('leaves bookkeeping-only writes alone', () => {
    const next: Record<string, unknown> = { ...old, sync_state: 'rejected' };
    markLocalUpdate(next, old, MEDIA_ID_FIELD_GROUPS, 1000);
    expect(next.sync_state).toBe('rejected');
    expect(next.updated_at).toBe('u0');
  });
});

describe('write helpers', () => {
  it('upsertMediaId derives the id, applies spec defaults and keeps them on update', async () => {
    const created = await upsertMediaId(db, { user_uuid: USER_A, role: 'fan', location_code: 'US' });
    expect(created).toMatchObject({
      id: `${USER_A}|fan`,
      interests: [],
      genre_preferences: [],
      content_flags: {},
      version: 1,
      is_active: true,
      location_code: 'US',
      privacy_settings: {
        data_sharing: true,
        location_access: false,
        audio_capture: false,
        anonymous_logging: true,
        marketing_communications: false,
      },
      sync_state: 'dirty',
      sync_modified: null,
    });
    const updated = await upsertMediaId(db, {
      user_uuid: USER_A,
      role: 'fan',
      interests: ['Rising talent', 'Early releases', 'Exclusive content'],
      privacy_settings: { marketing_communications: true },
    });
    expect(updated.created_at).toBe(created.created_at);
    expect(updated.location_code).toBe('US');
    expect(updated.privacy_settings.data_sharing).toBe(true);
    expect(updated.privacy_settings.marketing_communications).toBe(true);
    expect(Object.keys(updated.sync_field_times ?? {}).sort()).toEqual(
      MEDIA_ID_FIELD_GROUPS.map((g) => g.name).sort(),
    );
    const empty = await upsertMediaId(db, { user_uuid: USER_A, role: 'brand' });
    expect(empty.location_code).toBe('');
  });

  it('saveProfile, logEngagement and putContentItem write spec-shaped rows', async () => {
    const profile = await saveProfile(db, { id: USER_A, role: 'artist' });
    expect(profile).toMatchObject({ role: 'artist', email_verified: false, onboarding_completed: false, display_name: null });
    const done = await saveProfile(db, { id: USER_A, onboarding_completed: true });
    expect(done).toMatchObject({ role: 'artist', onboarding_completed: true });
    const event = await logEngagement(db, {
      user_id: USER_A,
      event_type: 'mediaid_setup_completed',
      metadata: { interests_count: 3, privacy_level: 2, selected_role: 'fan' },
    });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    const id = '66666666-6666-4666-8666-666666666666';
    const item = await putContentItem(db, { id, artist_id: USER_A, title: 'T', file_path: `${USER_A}/1-T.mp3`, file_type: 'audio/mpeg', file_size: 10 });
    const again = await putContentItem(db, { id, artist_id: USER_A, title: 'T2', file_path: `${USER_A}/1-T.mp3`, file_type: 'audio/mpeg', file_size: 10 });
    expect(again.created_at).toBe(item.created_at);
    expect(again.subscription_tier_required).toBe('free');
    expect(await db.content_items.count().exec()).toBe(1);
  });

  it('counts local deletes as waiting', async () => {
    const before = await countAllByState(db, 'dirty');
    const doc = await db.content_items.findOne('66666666-6666-4666-8666-666666666666').exec();
    await doc!.incrementalPatch({ sync_state: 'clean' } as never);
    expect(await countAllByState(db, 'dirty')).toBe(before - 1);
    await doc!.getLatest().remove();
    expect(await countAllByState(db, 'dirty')).toBe(before);
  });
});
