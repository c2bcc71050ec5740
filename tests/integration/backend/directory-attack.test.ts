/**
 * Attacks on the artist directory's figures, through supabase-js as fans:
 * a play counts only for an item the fan may read (the content entitlement rule), once per fan
 * and item per window; a refused play is stored (the fan's push never breaks) but not counted.
 * Items and genres come from released items only (public, or unlock date passed) and follow
 * publish, delete, unfollow and an unlock date passing without any write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createArtistClient, createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { withStoredObjects } from '../../fixtures/stored-objects';

type Actor = { client: SupabaseClient; user: User };
type Directory = { followers: number; plays: number; items: number; genres: string[] };
let backend: LocalBackend;
let artist: Actor;
let fanA: Actor; // free follower
let fanB: Actor; // free follower
let stranger: Actor; // follows nobody
const ids = {
  open: crypto.randomUUID(), // free, public: readable by every signed-in user
  jazz: crypto.randomUUID(), // free, public
  tier3: crypto.randomUUID(), // public but tier 3: locked for free followers
  draft: crypto.randomUUID(), // not public, no unlock date: unreleased
  soon: crypto.randomUUID(), // not public, unlock date ahead (tomorrow, then seconds away)
};
let initial: Directory;

async function directory(): Promise<Directory> {
  const r = await stranger.client
    .from('artist_directory')
    .select('followers, plays, items, genres')
    .eq('artist_id', artist.user.id)
    .single();
  expect(r.error).toBeNull();
  const row = r.data as Directory;
  return {
    followers: Number(row.followers),
    plays: Number(row.plays),
    items: Number(row.items),
    genres: [...(row.genres ?? [])].sort(),
  };
}

async function play(who: Actor, contentId: unknown) {
  return who.client.from('media_engagement_log').insert({
    user_id: who.user.id,
    event_type: 'track_played',
    metadata: { content_id: contentId },
  });
}

async function follow(who: Actor, artistId: string) {
  const r = await who.client
    .from('subscriptions')
    .insert({ fan_id: who.user.id, artist_id: artistId, artist_name: 'Artist' });
  expect(r.error).toBeNull();
}

beforeAll(async () => {
  backend = await withBackend();
  artist = await createArtistClient(backend, uniqueEmail('dir-artist'), 'artist-pass');
  const item = (key: keyof typeof ids, genre: string, extra: Record<string, unknown>) => ({
    id: ids[key],
    artist_id: artist.user.id,
    title: `Song ${key}`,
    file_path: `${artist.user.id}/${key}.mp3`,
    file_type: 'audio/mpeg',
    metadata: { genre },
    is_public: true,
    subscription_tier_required: 'free',
    ...extra,
  });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const rows = [
    item('open', 'Electronic', {}),
    item('jazz', 'Jazz', {}),
    item('tier3', 'Ambient', { subscription_tier_required: 'tier3' }),
    item('draft', 'Folk', { is_public: false }),
    item('soon', 'Pop', { is_public: false, unlock_date: tomorrow }),
  ];
  expect(
    (await artist.client.from('content_items').insert(await withStoredObjects(artist.client, rows))).error,
  ).toBeNull();
  const user = (tag: string) => createUserClient(backend, uniqueEmail(tag), `${tag}-pass`);
  [fanA, fanB, stranger] = await Promise.all([user('dir-fan-a'), user('dir-fan-b'), user('dir-stranger')]);
  initial = await directory();
  await follow(fanA, artist.user.id);
  await follow(fanB, artist.user.id);
});

afterAll(async () => {
  await backend?.stop();
});

describe('artist directory: figures that mean something', () => {
  it('lists released items only: no draft or scheduled item, nor their genres', async () => {
    expect(initial).toEqual({ followers: 0, plays: 0, items: 3, genres: ['Ambient', 'Electronic', 'Jazz'] });
    expect(await directory()).toMatchObject({ followers: 2, items: 3 });
  });

  it('a forged play of a tier-locked item is stored but not counted', async () => {
    for (let i = 0; i < 5; i += 1) expect((await play(fanA, ids.tier3)).error).toBeNull();
    expect((await directory()).plays).toBe(0);
  });

  it('a forged play of a draft is not counted, by REST or by sync_push (which still succeeds)', async () => {
    expect((await play(fanA, ids.draft)).error).toBeNull();
    const rows = [ids.draft, ids.soon].map((contentId) => ({
      new: {
        id: crypto.randomUUID(),
        user_id: fanA.user.id,
        event_type: 'track_played',
        metadata: { content_id: contentId },
      },
      assumed: null,
    }));
    const push = await fanA.client.rpc('sync_push', { p_table: 'media_engagement_log', p_rows: rows });
    expect(push.error).toBeNull();
    expect(push.data).toEqual([]);
    expect((await directory()).plays).toBe(0);
  });

  it('a play naming no item, or an item that is not one, is not counted', async () => {
    for (const contentId of [null, 'not-a-uuid', crypto.randomUUID(), { id: ids.open }]) {
      expect((await play(fanA, contentId)).error).toBeNull();
    }
    expect((await directory()).plays).toBe(0);
  });

  it('200 plays of a readable item by one fan within the window count once', async () => {
    for (let batch = 0; batch < 10; batch += 1) {
      const results = await Promise.all(Array.from({ length: 20 }, () => play(fanA, ids.open)));
      for (const r of results) expect(r.error).toBeNull();
    }
    expect((await directory()).plays).toBe(1);
  });

  it('a second fan counts; the artist’s own plays are not fans’ plays', async () => {
    expect((await play(fanB, ids.open)).error).toBeNull();
    expect((await play(fanB, ids.open)).error).toBeNull();
    expect((await play(artist, ids.open)).error).toBeNull();
    expect((await play(artist, ids.draft)).error).toBeNull();
    expect((await directory()).plays).toBe(2);
  });

  it('publishing the draft adds its item and genre', async () => {
    const r = await artist.client.from('content_items').update({ is_public: true }).eq('id', ids.draft);
    expect(r.error).toBeNull();
    expect(await directory()).toMatchObject({ items: 4, genres: ['Ambient', 'Electronic', 'Folk', 'Jazz'] });
    // …and a play of it now counts.
    expect((await play(fanA, ids.draft)).error).toBeNull();
    expect((await directory()).plays).toBe(3);
  });

  it('unfollowing decrements followers; following again increments them', async () => {
    const id = `${fanB.user.id}|${artist.user.id}`;
    expect((await fanB.client.from('subscriptions').update({ _deleted: true }).eq('id', id)).error).toBeNull();
    expect((await directory()).followers).toBe(1);
    expect((await fanB.client.from('subscriptions').update({ _deleted: true }).eq('id', id)).error).toBeNull();
    expect((await directory()).followers).toBe(1); // a second cancel is no transition
    expect((await fanB.client.from('subscriptions').update({ _deleted: false }).eq('id', id)).error).toBeNull();
    expect((await directory()).followers).toBe(2);
  });

  it('soft-deleting an item decrements items and drops a genre no live item has', async () => {
    const r = await artist.client.from('content_items').update({ _deleted: true }).eq('id', ids.jazz);
    expect(r.error).toBeNull();
    expect(await directory()).toMatchObject({ items: 3, genres: ['Ambient', 'Electronic', 'Folk'] });
    // Changing a released item's genre moves it between genres.
    const g = await artist.client
      .from('content_items')
      .update({ metadata: { genre: 'Jazz' } })
      .eq('id', ids.draft);
    expect(g.error).toBeNull();
    expect(await directory()).toMatchObject({ items: 3, genres: ['Ambient', 'Electronic', 'Jazz'] });
  });

  it('following a user who is not an artist lists nobody', async () => {
    await follow(stranger, fanA.user.id);
    const r = await fanB.client.from('artist_directory').select('artist_id, name').eq('artist_id', fanA.user.id);
    expect(r.error).toBeNull();
    expect(r.data).toEqual([]);
  });

  it('fans can neither write the directory nor reach its bookkeeping', async () => {
    const update = await fanA.client
      .from('artist_directory')
      .update({ plays: 1000 })
      .eq('artist_id', artist.user.id)
      .select();
    expect(update.error ?? (update.data?.length === 0 ? null : update.data)).toBeTruthy();
    const insert = await fanA.client.from('artist_directory').insert({ artist_id: fanA.user.id, name: 'x', plays: 5 });
    expect(insert.error).not.toBeNull();
    // Nothing named for the directory or plays is writable by a signed-in user, or reachable by anon.
    const open = await backend.query(`
      select c.oid::regclass::text as name from pg_class c
      where (c.relname like '%directory%' or c.relname like '%play%') and c.relkind in ('r', 'v', 'm')
        and c.relnamespace::regnamespace::text not in ('pg_catalog', 'information_schema')
        and (has_table_privilege('anon', c.oid, 'SELECT')
             or has_table_privilege('authenticated', c.oid, 'INSERT,UPDATE,DELETE,TRUNCATE'))
      union all
      select p.oid::regprocedure::text from pg_proc p
      where (p.proname like '%directory%' or p.proname like '%play%') and has_function_privilege('anon', p.oid, 'EXECUTE')
        and p.pronamespace::regnamespace::text not in ('pg_catalog', 'information_schema')`);
    expect(open.rows).toEqual([]);
    // The bookkeeping schema: no table readable; only the functions listed below executable.
    const hidden = await backend.query(`
      select c.oid::regclass::text as name from pg_class c
      where c.relnamespace::regnamespace::text = 'private' and c.relkind in ('r', 'v', 'm')
        and (has_table_privilege('authenticated', c.oid, 'SELECT') or has_table_privilege('anon', c.oid, 'SELECT'))
      union all
      select p.oid::regprocedure::text from pg_proc p
      where p.pronamespace::regnamespace::text = 'private' and has_function_privilege('authenticated', p.oid, 'EXECUTE')`);
    // the view's readers, and the pull's release of due unlock dates (sync_pull runs as the caller)
    // and the upload checks of content rows (the trigger runs as the caller; facts answer only for the caller's folder)
    const readers = [
      'private.artist_directory_due_items(uuid)',
      'private.artist_directory_genres(uuid)',
      'private.sync_release_due()',
      // sync_push's compare-and-set body behind its registry check (20261130200000; invoker: RLS decides)
      'private.sync_push_rows(text,jsonb)',
      'private.accepted_content_type(text)',
      'private.content_object_facts(text)',
      // the server's file check (20261128200000): computed in the caller's writes (answers only
      // facts of that row's own object) and the storage policies' pin of objects under live rows
      'private.content_file_verified(text,bigint,text)',
      'private.content_file_note(text)',
      'private.content_object_pinned(text)',
      // the MediaID API's helpers called in the caller's own statements: the app-token refusal of the
      // sync RPCs, an app's public name and scopes for the grant guard, a server-made webhook secret
      'private.refuse_app_token()',
      'private.app_registration(text)',
      'private.new_webhook_secret()',
      // the webhook destination rule of developer_webhooks' CHECK (20261128100000): a pure function of the URL
      'private.webhook_url_allowed(text)',
      // the live topics' shard rule (20261128600000): realtime's join policy computes the caller's shard
      'private.live_shard(uuid)',
      'private.live_shards()',
      // the paid tier's grace (20261129110000): my_tier_for_artist (invoker, inside content RLS)
      // asks what a subscription row gives now; pure functions of their arguments and the clock
      'private.held_tier(integer,text,timestamp with time zone)',
      'private.past_due_grace()',
    ];
    expect(hidden.rows.map((r: { name: string }) => r.name).filter((n: string) => !readers.includes(n))).toEqual([]);
    expect((await directory()).plays).toBe(3);
  });

  it('an unlock date passing counts the item and its genre without any write', async () => {
    const unlock = Date.now() + 3_000;
    const r = await artist.client
      .from('content_items')
      .update({ unlock_date: new Date(unlock).toISOString() })
      .eq('id', ids.soon);
    expect(r.error).toBeNull();
    const asked = Date.now();
    const before = await directory();
    if (Date.now() < unlock - 200 && asked < unlock) {
      expect(before).toMatchObject({ items: 3, genres: ['Ambient', 'Electronic', 'Jazz'] }); // still ahead
    }
    await new Promise((done) => setTimeout(done, Math.max(0, unlock + 500 - Date.now())));
    // No write since the date was set: the view counts it once the date has passed.
    expect(await directory()).toMatchObject({ items: 4, genres: ['Ambient', 'Electronic', 'Jazz', 'Pop'] });
    // …and a play of it counts from then on.
    expect((await play(fanB, ids.soon)).error).toBeNull();
    expect((await directory()).plays).toBe(4);
  });
});
