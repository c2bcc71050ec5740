import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, type BucketDatabase } from '../../../sync';
import { knownFieldsOf } from '../../../sync/collections';
import { fromServerRow } from '../../../sync/local-fields';
import { openTestDatabase } from './helpers/open-test-engine';
import { serverMediaId, USER_A } from './helpers/rows';

let db: BucketDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const pulled = (name: keyof typeof COLLECTIONS, row: Record<string, unknown>) => {
  const doc = fromServerRow(row, knownFieldsOf(name));
  delete doc._deleted;
  return doc;
};

describe('schemas accept the spec rows', () => {
  it('media_ids: a server row with arrays and objects', async () => {
    const doc = await db.media_ids.insert(pulled('media_ids', serverMediaId()) as never);
    expect(doc.interests).toHaveLength(3);
    expect(doc.sync_modified).toBe('2026-11-20T21:54:00.223456+00:00');
  });

  it('profiles, engagement log and content items', async () => {
    await db.profiles.insert(
      pulled('profiles', {
        id: USER_A,
        display_name: null,
        role: 'fan',
        email_verified: false,
        onboarding_completed: false,
        created_at: '2026-11-20T21:54:00+00:00',
        updated_at: '2026-11-20T21:54:00+00:00',
      }) as never,
    );
    await db.media_engagement_log.insert(
      pulled('media_engagement_log', {
        id: '33333333-3333-4333-8333-333333333333',
        user_id: USER_A,
        event_type: 'mediaid_setup_completed',
        is_anonymous: false,
        metadata: { interests_count: 3, privacy_level: 2, selected_role: 'fan' },
        created_at: '2026-11-20T21:54:00+00:00',
      }) as never,
    );
    await db.content_items.insert(
      pulled('content_items', {
        id: '44444444-4444-4444-8444-444444444444',
        artist_id: USER_A,
        title: 'Night Drive',
        description: null,
        file_path: `${USER_A}/1763675640000-Night Drive.mp3`,
        file_type: 'audio/mpeg',
        file_size: 5_242_880,
        metadata: { album: 'A', genre: 'Jazz', tags: ['late'], credits: '', collaborators: [] },
        is_public: true,
        subscription_tier_required: 'tier2',
        unlock_date: null,
        created_at: '2026-11-20T21:54:00+00:00',
        updated_at: '2026-11-20T21:54:00+00:00',
      }) as never,
    );
    expect(await db.content_items.count().exec()).toBe(1);
  });

  it('drops columns the local schema does not know', () => {
    const doc = fromServerRow(serverMediaId({ brand_new_column: 1 }), knownFieldsOf('media_ids'));
    expect(doc).not.toHaveProperty('brand_new_column');
    expect(doc).not.toHaveProperty('_modified');
  });
});

describe('schemas reject malformed rows', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['six interests', { id: `${USER_A}|artist`, role: 'artist', interests: ['1', '2', '3', '4', '5', '6'] }],
    ['unknown role', { id: `${USER_A}|boss`, role: 'boss' }],
    ['privacy switch not boolean', { id: `${USER_A}|brand`, role: 'brand', privacy_settings: { data_sharing: 'yes' } }],
    ['unknown privacy switch', { id: `${USER_A}|brand`, role: 'brand', privacy_settings: { telemetry: true } }],
    ['interests not an array', { id: `${USER_A}|developer`, role: 'developer', interests: 'music' }],
    ['version 0', { id: `${USER_A}|developer`, role: 'developer', version: 0 }],
  ];
  it.each(cases)('media_ids: %s', async (_label, overrides) => {
    await expect(db.media_ids.insert(pulled('media_ids', serverMediaId(overrides)) as never)).rejects.toThrow();
  });

  it('content_items: unknown tier and negative size', async () => {
    const base = {
      id: '55555555-5555-4555-8555-555555555555',
      artist_id: USER_A,
      title: 'x',
      description: null,
      file_path: 'a/b.mp3',
      file_type: 'audio/mpeg',
      metadata: {},
      is_public: false,
      unlock_date: null,
      created_at: '2026-11-20T21:54:00+00:00',
      updated_at: '2026-11-20T21:54:00+00:00',
    };
    await expect(
      db.content_items.insert(pulled('content_items', { ...base, file_size: 1, subscription_tier_required: 'gold' }) as never),
    ).rejects.toThrow();
    await expect(
      db.content_items.insert(pulled('content_items', { ...base, file_size: -1, subscription_tier_required: 'free' }) as never),
    ).rejects.toThrow();
  });

  it('every indexed field is required (Dexie DXE1)', () => {
    for (const def of Object.values(COLLECTIONS)) {
      const required = new Set(def.schema.required as string[]);
      for (const index of def.schema.indexes ?? []) {
        for (const field of Array.isArray(index) ? index : [index]) expect(required.has(field)).toBe(true);
      }
    }
  });
});
