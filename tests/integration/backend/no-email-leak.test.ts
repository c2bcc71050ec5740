/**
 * the e-mail never leaves its owner. An artist signs up with an e-mail, tries to use it
 * as their name (as the old client did), names themselves and publishes; a fan who follows them
 * then reads, through supabase-js, every table and view the API lets a signed-in user select,
 * every sync_pull collection, every RPC it may execute (the catalog lists them: a new function
 * not covered here fails the test), and the storage listings and URLs of the artist's folder.
 * Neither the artist's e-mail address nor its local part may appear in any response body.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { buildCompletedProfile } from '../../../src/features/mediaid/build-media-id';
import { NAME_IS_EMAIL, UNNAMED_ARTIST } from '../../../src/lib/artist-identity';
import { createUserClient, serviceClient, withBackend, type LocalBackend } from '../helpers/backend';
import { AttackLog } from './rls-attack-helpers';
import { storeVerifiedObject } from '../../fixtures/stored-objects';
import { mp3File } from '../../fixtures/media-samples';

/** The size of storeVerifiedObject's default MP3. */
const SAMPLE_MP3_SIZE = mp3File(12).length;

type Actor = { client: SupabaseClient; user: User };
const SYNC_PULL_COLLECTIONS = [
  'profiles',
  'media_ids',
  'content_items',
  'locker_items',
  'locker_interactions',
  'locker_comments',
  'subscriptions',
  'daily_rewards',
  'reward_claims',
  'developer_apps',
  'followed_content',
];
/** Functions whose answer is a boolean, a number or nothing cannot carry an address. */
const SCALAR_RESULTS = new Set(['boolean', 'integer', 'bigint', 'void', 'trigger']);

const tag = crypto.randomUUID().slice(0, 8);
const email = `nova-leak-${tag}@example.test`;
const localPart = email.split('@')[0]!;
const unnamedEmail = `quiet-leak-${tag}@example.test`;
let backend: LocalBackend;
let artist: Actor;
let unnamed: Actor;
let fan: Actor;
const itemIds = {
  open: crypto.randomUUID(),
  tier3: crypto.randomUUID(),
  soon: crypto.randomUUID(),
  quiet: crypto.randomUUID(),
};
const picture = () => `${artist.user.id}/profile/portrait.png`;

/** Every response body the fan received, for the final scan. */
const bodies: { what: string; body: string }[] = [];
function record(what: string, value: unknown): void {
  bodies.push({ what, body: typeof value === 'string' ? value : (JSON.stringify(value) ?? '') });
}

async function artistWithRole(address: string): Promise<Actor> {
  const made = await createUserClient(backend, address, 'leak-pass-1', { role: 'artist' });
  expect((await made.client.from('media_ids').insert({ user_uuid: made.user.id, role: 'artist' })).error).toBeNull();
  return made;
}

beforeAll(async () => {
  backend = await withBackend();
  artist = await artistWithRole(email);
  unnamed = await artistWithRole(unnamedEmail);
  fan = await createUserClient(backend, `fan-leak-${tag}@example.test`, 'leak-pass-2');
});

afterAll(async () => {
  await backend?.stop();
});

describe('no e-mail leaves its owner', () => {
  it('the e-mail (or its local part) cannot become the public name', async () => {
    const now = new Date().toISOString();
    // Setup as the app writes it, then the old client's habit: the e-mail as display_name.
    const setup = buildCompletedProfile(artist.user.id, 'artist', now, null, null);
    const push = await artist.client.rpc('sync_push', { p_table: 'profiles', p_rows: [{ new: setup, assumed: null }] });
    expect(push.error).toBeNull();
    expect(push.data).toEqual([]);
    for (const name of [email, email.toUpperCase(), localPart, `Nova (${email})`, 'reach me at x@y.io']) {
      const r = await artist.client.from('profiles').update({ display_name: name }).eq('id', artist.user.id).select();
      expect(r.error?.message, name).toBe(NAME_IS_EMAIL);
    }
    const current = await artist.client.from('profiles').select('*').eq('id', artist.user.id).single();
    const viaPush = await artist.client.rpc('sync_push', {
      p_table: 'profiles',
      p_rows: [{ new: { ...setup, display_name: email }, assumed: current.data }],
    });
    expect(JSON.stringify(viaPush.data)).toContain(NAME_IS_EMAIL);
  });

  it('an artist without a name cannot publish; a named one can', async () => {
    const item = (id: string, who: Actor, extra: Record<string, unknown>) => ({
      id,
      artist_id: who.user.id,
      title: `Track ${id.slice(0, 4)}`,
      file_path: `${who.user.id}/${id}.mp3`,
      file_type: 'audio/mpeg',
      file_size: SAMPLE_MP3_SIZE,
      metadata: { genre: 'Electronic' },
      subscription_tier_required: 'free',
      ...extra,
    });
    // Each row names a stored object (the server refuses rows without their file).
    for (const id of [itemIds.open, itemIds.tier3, itemIds.soon]) {
      await storeVerifiedObject(artist.client, `${artist.user.id}/${id}.mp3`);
    }
    const early = await artist.client.from('content_items').insert(item(itemIds.open, artist, { is_public: true }));
    expect(early.error).toMatchObject({ code: '23514', message: 'Choose your artist name before publishing' });

    const named = await artist.client
      .from('profiles')
      .update({ display_name: 'Nova Lane', bio: 'Tape loops from a lighthouse.', genres: ['Ambient', 'Electronic'] })
      .eq('id', artist.user.id);
    expect(named.error).toBeNull();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const rows = [
      item(itemIds.open, artist, { is_public: true }),
      item(itemIds.tier3, artist, { is_public: true, subscription_tier_required: 'tier3' }),
      item(itemIds.soon, artist, { is_public: false, unlock_date: tomorrow }),
    ];
    expect((await artist.client.from('content_items').insert(rows)).error).toBeNull();
    const bucket = artist.client.storage.from('content');
    expect(
      (await bucket.upload(picture(), Buffer.from('\x89PNG picture'), { contentType: 'image/png' })).error,
    ).toBeNull();
    expect(
      (await artist.client.from('profiles').update({ picture_path: picture() }).eq('id', artist.user.id)).error,
    ).toBeNull();

    // An account made before names existed, whose items the service published: the placeholder.
    await storeVerifiedObject(unnamed.client, `${unnamed.user.id}/${itemIds.quiet}.mp3`);
    expect(
      (
        await serviceClient(backend)
          .from('content_items')
          .insert(item(itemIds.quiet, unnamed, { is_public: true }))
      ).error,
    ).toBeNull();
  });

  it('the fan follows both (sending the e-mail as the name) and sees only chosen names or the placeholder', async () => {
    for (const who of [artist, unnamed]) {
      const r = await fan.client
        .from('subscriptions')
        .insert({ fan_id: fan.user.id, artist_id: who.user.id, artist_name: email });
      expect(r.error).toBeNull();
    }
    const subs = await fan.client.from('subscriptions').select('artist_id, artist_name').neq('artist_id', 'bti');
    expect(Object.fromEntries((subs.data ?? []).map((s) => [s.artist_id, s.artist_name]))).toEqual({
      [artist.user.id]: 'Nova Lane',
      [unnamed.user.id]: UNNAMED_ARTIST,
    });
    const dir = await fan.client
      .from('artist_directory')
      .select('artist_id, name')
      .in('artist_id', [artist.user.id, unnamed.user.id]);
    expect(new Set(dir.data?.map((d) => d.name))).toEqual(new Set(['Nova Lane', UNNAMED_ARTIST]));
    const drops = await fan.client.from('followed_content').select('id, artist_name');
    expect(new Set(drops.data?.map((d) => d.artist_name))).toEqual(new Set(['Nova Lane', UNNAMED_ARTIST]));
    const profile = await fan.client.from('artist_profiles').select('*').eq('artist_id', artist.user.id).single();
    expect(profile.data).toMatchObject({
      name: 'Nova Lane',
      bio: 'Tape loops from a lighthouse.',
      picture_path: picture(),
      genres: ['Ambient', 'Electronic'],
    });
    const signed = await fan.client.storage.from('content').createSignedUrl(picture(), 60);
    expect(signed.error).toBeNull();
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('\x89PNG picture');
  });

  it('no table, view, pull, RPC or storage answer the fan can reach contains the e-mail', async () => {
    const db = fan.client;
    const relations = await backend.query(`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')
        and has_table_privilege('authenticated', c.oid, 'SELECT') order by 1`);
    const names = relations.rows.map((r: { relname: string }) => r.relname);
    for (const relation of names) {
      const r = await db.from(relation).select('*');
      expect(r.error, relation).toBeNull();
      record(`table ${relation}`, r.data);
    }

    for (const collection of SYNC_PULL_COLLECTIONS) {
      let checkpoint: unknown = null;
      for (let page = 0; page < 50; page += 1) {
        const r = await db.rpc('sync_pull', { p_collection: collection, p_checkpoint: checkpoint, p_limit: 1000 });
        expect(r.error, collection).toBeNull();
        record(`sync_pull ${collection}`, r.data);
        const answer = r.data as { rows: unknown[]; checkpoint: unknown };
        if (answer.rows.length < 1000) break;
        checkpoint = answer.checkpoint;
      }
      // the position-only pull of earlier app versions
      const old = await db.rpc('sync_pull', {
        p_collection: collection,
        p_after_txid: '0',
        p_after_id: '',
        p_limit: 1000,
      });
      expect(old.error, collection).toBeNull();
      record(`sync_pull (horizon) ${collection}`, old.data);
    }

    const functions = await backend.query(`
      select p.proname, p.prorettype::regtype::text as returns from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'EXECUTE') order by 1`);
    const called = new Set(['sync_pull', 'sync_push', 'ensure_fan_sample']);
    // The portal's and the consent screen's RPCs answer counts, names of apps and scopes; an artist's
    // reward RPCs answer their own offers' counts (a fan is refused). Each answer is read all the same.
    // (The MediaID API answers only through the mediaid-api function: no signed-in user may call it.)
    const appRpcs: [string, Record<string, unknown>][] = [
      ['developer_app_usage', {}],
      ['my_reward_offers', {}],
      [
        'put_up_reward',
        {
          p_kind: 'code',
          p_title: 'Leak probe',
          p_description: null,
          p_tier: 0,
          p_quantity: null,
          p_starts_on: new Date().toISOString().slice(0, 10),
          p_ends_on: new Date().toISOString().slice(0, 10),
          p_platform_pool: false,
          p_codes: ['PROBE-1'],
          p_content_id: null,
        },
      ],
      ['mediaid_app_info', { p_client_id: randomUUID() }],
      ['mediaid_scopes', {}],
      ['my_earnings', {}], // an artist's sums; a fan is refused
      ['my_campaigns', {}], // a brand's aggregates; a fan gets none
      ['brand_campaign_analytics', {}], // a brand's suppressed counts; a fan gets none
      ['brand_artist_partnerships', {}], // a brand's partnerships (names, suppressed counts); a fan gets none
      ['campaign_record_redemptions', { p_campaign: randomUUID(), p_rows: [] }], // a fan is refused
      ['campaign_stop', { p_campaign: randomUUID() }], // a fan is refused: not their campaign
      ['campaign_add_codes', { p_campaign: randomUUID(), p_codes: ['PROBE-1'] }], // a fan is refused
      // collaborations: brand names for artists (a fan gets none), and the fan's refused writes
      ['collab_brands', {}],
      [
        'collab_send',
        {
          p_to: randomUUID(),
          p_title: 'Leak probe',
          p_narrative: '',
          p_timeline: '1-2 weeks',
          p_reach: '',
          p_deliverables: '',
          p_budget: 1,
        },
      ],
      ['collab_respond', { p_id: randomUUID(), p_action: 'accept', p_budget: null, p_note: '' }],
      ['collab_deliver_campaign', { p_offer: randomUUID(), p_campaign: randomUUID() }],
      ['my_collab_earnings', {}], // ledger totals of the caller's collaborations; a fan has none
    ];
    for (const [fn, args] of appRpcs) {
      const r = await db.rpc(fn, args);
      record(`rpc ${fn}`, r.data ?? r.error);
      called.add(fn);
    }
    const uncovered = functions.rows
      .filter((f: { proname: string; returns: string }) => !called.has(f.proname) && !SCALAR_RESULTS.has(f.returns))
      .map((f: { proname: string }) => f.proname);
    expect(uncovered, 'RPCs a fan may call whose answers this test does not read').toEqual([]);
    const push = await db.rpc('sync_push', {
      p_table: 'subscriptions',
      p_rows: [
        {
          new: {
            id: `${fan.user.id}|${artist.user.id}`,
            fan_id: fan.user.id,
            artist_id: artist.user.id,
            artist_name: 'x',
          },
          assumed: null,
        },
      ],
    });
    record('sync_push conflict', push.data ?? push.error);
    const sample = await db.rpc('ensure_fan_sample');
    record('ensure_fan_sample', sample.data ?? sample.error);

    const bucket = db.storage.from('content');
    for (const folder of [artist.user.id, `${artist.user.id}/profile`, unnamed.user.id]) {
      const list = await bucket.list(folder);
      record(`storage list ${folder}`, list.data ?? list.error);
    }
    const urls = await bucket.createSignedUrls([picture(), `${artist.user.id}/${itemIds.open}.mp3`], 60);
    record('signed urls', urls.data ?? urls.error);
    const me = await db.auth.getUser();
    record('auth user', me.data);

    expect(bodies.length).toBeGreaterThan(names.length + SYNC_PULL_COLLECTIONS.length);
    const leaks = bodies
      .filter(({ body }) => body.toLowerCase().includes(localPart.toLowerCase()))
      .map(({ what, body }) => `${what}: ${body.slice(0, 300)}`);
    expect(leaks).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining([
        'profiles',
        'artist_directory',
        'content_previews',
        'followed_content',
        'subscriptions',
        'artist_profiles',
      ]),
    );
    // The scan does see what it looks for: the fan's own address is in their own answers.
    expect(bodies.some(({ body }) => body.includes('fan-leak-'))).toBe(true);
  });

  it('a rename reaches every public surface', async () => {
    expect(
      (await artist.client.from('profiles').update({ display_name: 'Nova Lane Trio' }).eq('id', artist.user.id)).error,
    ).toBeNull();
    const [dir, drops, subs, previews, profile] = await Promise.all([
      fan.client.from('artist_directory').select('name').eq('artist_id', artist.user.id).single(),
      fan.client.from('followed_content').select('artist_name').eq('artist_id', artist.user.id),
      fan.client.from('subscriptions').select('artist_name').eq('artist_id', artist.user.id).single(),
      fan.client.from('content_previews').select('artist_name').eq('artist_id', artist.user.id),
      fan.client.from('artist_profiles').select('name').eq('artist_id', artist.user.id).single(),
    ]);
    expect(dir.data?.name).toBe('Nova Lane Trio');
    expect(new Set(drops.data?.map((d) => d.artist_name))).toEqual(new Set(['Nova Lane Trio']));
    expect(subs.data?.artist_name).toBe('Nova Lane Trio');
    expect(new Set(previews.data?.map((d) => d.artist_name))).toEqual(new Set(['Nova Lane Trio']));
    expect(profile.data?.name).toBe('Nova Lane Trio');
  });

  it('attacks on the public identity are refused and change nothing', async () => {
    const log = new AttackLog('artist identity');
    const a = artist.user.id;
    const read = async () =>
      (
        await serviceClient(backend)
          .from('profiles')
          .select('display_name, bio, picture_path, genres')
          .eq('id', a)
          .single()
      ).data;
    const copy = async () =>
      (await serviceClient(backend).from('artist_profiles').select('*').eq('artist_id', a).single()).data;
    // Another user writes the artist's profile or its public copy.
    await log.refused('fan renames the artist', () =>
      fan.client.from('profiles').update({ display_name: 'pwned' }).eq('id', a).select(),
    );
    await log.refused('fan sets the artist bio', () =>
      fan.client.from('profiles').update({ bio: 'pwned' }).eq('id', a).select(),
    );
    await log.refused('fan pushes the artist profile', async () => {
      const r = await fan.client.rpc('sync_push', {
        p_table: 'profiles',
        p_rows: [{ new: { id: a, display_name: 'pwned' }, assumed: null }],
      });
      return { error: JSON.stringify(r.data).includes('"error"') ? 'refused' : r.error, data: null };
    });
    await log.refused('fan writes the public copy', () =>
      fan.client.from('artist_profiles').update({ name: 'pwned' }).eq('artist_id', a).select(),
    );
    await log.refused('fan inserts a public copy', () =>
      fan.client.from('artist_profiles').insert({ artist_id: fan.user.id, name: 'Fake' }).select(),
    );
    // The owner writes the server's copy or bad values.
    await log.refused('artist writes the public copy', () =>
      artist.client.from('artist_profiles').update({ name: 'Other' }).eq('artist_id', a).select(),
    );
    const before = await read();
    const badValues: Record<string, unknown>[] = [
      { picture_path: `${fan.user.id}/profile/x.png` }, // another user's folder
      { picture_path: `${a}/${itemIds.tier3}.mp3` }, // a paid track made public as a "picture"
      { picture_path: `${a}/profile/../x.png` },
      { genres: ['Polka'] },
      { genres: ['Jazz', 'Folk', 'Pop', 'Ambient', 'Lo-fi', 'Electronic'] },
      { bio: 'b'.repeat(281) },
      { display_name: 'n'.repeat(61) },
      { display_name: '  padded ' },
      { display_name: 'tab\tname' },
    ];
    for (const values of badValues) {
      await log.unchanged(
        `artist sets ${JSON.stringify(values).slice(0, 60)}`,
        () => artist.client.from('profiles').update(values).eq('id', a),
        read,
      );
    }
    expect(await read()).toEqual(before);
    // A fan's own copy is not readable by others (only listed artists are).
    await log.refused('artist reads the fan copy', () =>
      artist.client.from('artist_profiles').select('*').eq('artist_id', fan.user.id),
    );
    // A once-published item stays editable; an unnamed artist's draft can be saved but not released.
    const draft = {
      id: crypto.randomUUID(),
      artist_id: unnamed.user.id,
      title: 'Draft',
      file_path: `${unnamed.user.id}/d.mp3`,
      file_type: 'audio/mpeg',
      file_size: SAMPLE_MP3_SIZE,
      is_public: false,
    };
    await storeVerifiedObject(unnamed.client, draft.file_path);
    expect((await unnamed.client.from('content_items').insert(draft)).error).toBeNull();
    const release = await unnamed.client.from('content_items').update({ is_public: true }).eq('id', draft.id).select();
    expect(release.error).toMatchObject({ code: '23514', message: 'Choose your artist name before publishing' });
    const stored = await unnamed.client.from('content_items').select('*').eq('id', draft.id).single();
    const schedule = await unnamed.client.rpc('sync_push', {
      p_table: 'content_items',
      p_rows: [{ new: { ...stored.data, unlock_date: new Date().toISOString() }, assumed: stored.data }],
    });
    expect(JSON.stringify(schedule.data)).toContain('"code":"23514"');
    expect(
      (await unnamed.client.from('content_items').update({ title: 'Still draft' }).eq('id', itemIds.quiet).select())
        .error,
    ).toBeNull();
    expect(await copy()).toMatchObject({ name: 'Nova Lane Trio' });
    log.report();
  });
});
