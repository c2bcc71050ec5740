/**
 * Live sync's topics (migration 20261126300000_live_broadcast) attacked with real supabase-js
 * clients: who may join `user:`, `artist:<id>:<shard>` and `everyone:<shard>` private channels
 * (20261128600000_realtime_budget: only the caller's own shard), that nobody may send on them,
 * that third-party app tokens (a `client_id` claim) join nothing, and what the triggers send — one
 * small `changed` message per topic and statement (and transaction), naming collections only, to
 * followers and never to anyone else; crowd topics go through the fan-out dispatcher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { COLLECTION_NAMES, COLLECTIONS } from '../../../sync';
import { LIVE_SHARDS, liveShard } from '../../../sync/live/live-topics';
import { createArtistClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { withStoredObjects } from '../../fixtures/stored-objects';
import { closeAll, rtAnon, rtUser } from './helpers';

let backend: LocalBackend;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await closeAll(...clients);
  await backend.stop();
});

interface Listener {
  channel: RealtimeChannel;
  got: { event: string; payload: Record<string, unknown> }[];
}

interface Joined {
  status: string;
  message?: string;
  listener: Listener;
}

function join(
  client: SupabaseClient,
  topic: string,
  opts: { isPrivate?: boolean; ack?: boolean } = {},
): Promise<Joined> {
  const got: Listener['got'] = [];
  const channel = client
    .channel(topic, { config: { private: opts.isPrivate ?? true, broadcast: { ack: opts.ack ?? false, self: true } } })
    .on('broadcast', { event: '*' }, (m: { event: string; payload: Record<string, unknown> }) =>
      got.push({ event: m.event, payload: m.payload }),
    );
  return new Promise((resolve) =>
    channel.subscribe((status, err) => resolve({ status, message: err?.message, listener: { channel, got } })),
  );
}

async function joined(
  client: SupabaseClient,
  topic: string,
  opts: { isPrivate?: boolean; ack?: boolean } = {},
): Promise<Listener> {
  const result = await join(client, topic, opts);
  expect(result.status, `${topic}: ${result.message ?? ''}`).toBe('SUBSCRIBED');
  return result.listener;
}

async function refused(client: SupabaseClient, topic: string): Promise<void> {
  const result = await join(client, topic);
  expect(result.status).toBe('CHANNEL_ERROR');
  expect(result.message).toBe(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`);
  await client.removeChannel(result.listener.channel);
}

async function waitFor(pred: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!pred() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(pred()).toBe(true);
}

/** The artist topic shard of `userId`, and another shard. */
const artistOf = (artistId: string, userId: string, shift = 0) =>
  `artist:${artistId}:${(liveShard(userId) + shift) % LIVE_SHARDS}`;
const everyoneOf = (userId: string, shift = 0) => `everyone:${(liveShard(userId) + shift) % LIVE_SHARDS}`;

/**
 * Sends a barrier to each topic and waits until every listener has it: all earlier messages are
 * in. Crowd topics are told by the dispatcher: two passes, so one starts after the writes committed.
 */
async function settle(listeners: [Listener, string][]): Promise<void> {
  await backend.liveDispatch.runNow();
  await backend.liveDispatch.runNow();
  const topics = [...new Set(listeners.map(([, topic]) => topic))];
  for (const topic of topics) await backend.query(`select realtime.send('{}', 'barrier', $1, true)`, [topic]);
  await waitFor(() => listeners.every(([l]) => l.got.some((m) => m.event === 'barrier')));
}

const changes = (l: Listener) => l.got.filter((m) => m.event === 'changed').map((m) => m.payload.collections);

async function fan(tag = 'live-fan') {
  const u = await rtUser(backend, uniqueEmail(tag));
  clients.push(u.client);
  await u.client.realtime.setAuth(u.token);
  return u;
}

async function artist() {
  const made = await createArtistClient(backend, uniqueEmail('live-artist'), 'artist-pass');
  const u = await rtUser(backend, made.user.email!, 'artist-pass');
  clients.push(u.client);
  await u.client.realtime.setAuth(u.token);
  return u;
}

async function follow(client: SupabaseClient, fanId: string, artistId: string): Promise<void> {
  const { error } = await client.from('subscriptions').insert({ fan_id: fanId, artist_id: artistId, artist_name: 'A' });
  expect(error).toBeNull();
}

/** A third-party app's access token for `userId`: an ordinary JWT of this backend with `client_id`. */
async function appToken(userId: string): Promise<string> {
  return new SignJWT({
    sub: userId,
    role: 'authenticated',
    aud: 'authenticated',
    client_id: 'bkt_live-topics-test-app',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(backend.jwtSecret));
}

describe('live topics: who may join', () => {
  it("refuses another user's user: topic, an artist's topic to a non-follower and other shards; allows own, followed and everyone", async () => {
    const a = await fan();
    const b = await fan();
    const r = await artist();
    await joined(a.client, `user:${a.id}`);
    await joined(a.client, everyoneOf(a.id));
    await refused(a.client, everyoneOf(a.id, 1));
    await joined(a.client, 'everyone'); // the unsharded topics stay joinable (and silent) for older apps
    await refused(b.client, `user:${a.id}`);
    await refused(a.client, artistOf(r.id, a.id));
    await follow(a.client, a.id, r.id);
    await joined(a.client, artistOf(r.id, a.id));
    await refused(a.client, artistOf(r.id, a.id, 1)); // a follower hears their own shard only
    await refused(a.client, `artist:${r.id}:x`);
    await refused(a.client, `${artistOf(r.id, a.id)}:1`);
    await joined(a.client, `artist:${r.id}`); // the old unsharded topic, still for followers only
    await refused(b.client, `artist:${r.id}`);
    await refused(b.client, artistOf(r.id, b.id));
    // Unfollowed (a soft delete): the next join is refused again.
    expect((await a.client.from('subscriptions').update({ _deleted: true }).eq('artist_id', r.id)).error).toBeNull();
    await a.client.removeAllChannels();
    await refused(a.client, artistOf(r.id, a.id));
  });

  it('an app token (client_id claim) joins none of the topics, not even its own user', async () => {
    const a = await fan();
    const r = await artist();
    await follow(a.client, a.id, r.id);
    const app = rtAnon(backend);
    clients.push(app);
    await app.realtime.setAuth(await appToken(a.id));
    for (const topic of [`user:${a.id}`, artistOf(r.id, a.id), everyoneOf(a.id)]) await refused(app, topic);
    // The same user's own session still joins (the fence is the claim, not the user).
    await joined(a.client, `user:${a.id}`);
  });

  it('nobody may send on the topics: a client broadcast is dropped (only the database sends)', async () => {
    const email = uniqueEmail('live-sender');
    const a = await rtUser(backend, email);
    const a2 = await rtUser(backend, email, 'password-123');
    clients.push(a.client, a2.client);
    await a.client.realtime.setAuth(a.token);
    await a2.client.realtime.setAuth(a2.token);
    const sender = await joined(a.client, `user:${a.id}`, { ack: true });
    const listener = await joined(a2.client, `user:${a.id}`);
    const forged = { type: 'broadcast' as const, event: 'changed', payload: { collections: ['profiles'] } };
    expect(await sender.channel.send(forged, { timeout: 1_000 })).toBe('timed out');
    await settle([[listener, `user:${a.id}`]]);
    expect(changes(listener)).toEqual([]);
  });
});

describe('live topics: the senders', () => {
  it('no API role may call the send functions (a fan would spam any topic)', async () => {
    const f = await fan('live-rpc');
    const g = await fan('live-rpc-victim');
    const victim = await joined(g.client, `user:${g.id}`);
    const attempt = await f.client.rpc('live_send', { p_topic: `user:${g.id}`, p_collections: ['profiles'] });
    expect(attempt.error).not.toBeNull();
    const { rows } = await backend.query(
      `select p.proname, has_function_privilege(r, p.oid, 'execute') as can
       from pg_proc p, unnest(array['anon', 'authenticated']) r
       where p.pronamespace = 'public'::regnamespace and p.proname like 'live\\_%'`,
    );
    expect(rows.length).toBe(6);
    expect(rows.filter((row) => row.can)).toEqual([]);
    // the fan-out queue and dispatcher: no API role; authenticated runs only the shard rule (join policy)
    const queue = await backend.query(
      `select p.proname, r as role from pg_proc p, unnest(array['anon', 'authenticated', 'service_role']) r
       where p.pronamespace = 'private'::regnamespace and p.proname like 'live\\_%' and has_function_privilege(r, p.oid, 'execute')`,
    );
    expect(queue.rows.map((r) => r.proname).sort()).toEqual(['live_shard', 'live_shards']);
    expect(queue.rows.every((r) => r.role === 'authenticated')).toBe(true);
    // one number of shards: the server's and the app's
    expect((await backend.query('select private.live_shards() as n')).rows[0].n).toBe(LIVE_SHARDS);
    await settle([[victim, `user:${g.id}`]]);
    expect(changes(victim)).toEqual([]);
  });

  it('every pulled table has statement-level insert and update triggers naming its collection', async () => {
    const { rows } = await backend.query(
      `select c.relname as tbl, t.tgname, (t.tgtype & 1) = 1 as per_row,
              encode(t.tgargs, 'escape') as args
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgfoid = 'public.live_changed'::regproc`,
    );
    expect(rows.filter((row) => row.per_row)).toEqual([]);
    const tables = [...new Set(rows.map((row) => String(row.tbl)))].sort();
    // The app's pulled collections, but followed_content: a view fed by content_previews (released
    // items only: its triggers tell followers) and subscriptions.
    const pulled = COLLECTION_NAMES.filter((name) => COLLECTIONS[name].replication.pull && name !== 'followed_content');
    expect(tables).toEqual([...pulled, 'content_previews'].sort());
    for (const table of tables) {
      const own = rows.filter((row) => row.tbl === table);
      expect(own.map((row) => row.tgname).sort()).toEqual(['live_changed_insert', 'live_changed_update']);
      const collection = table === 'content_previews' ? 'followed_content' : table;
      for (const row of own) expect(String(row.args)).toContain(`"${collection}"`);
    }
  });
});

describe('live topics: what the database sends', () => {
  it('a drop reaches its followers on the artist topic, once per statement; never a non-follower or a public channel', async () => {
    const f = await fan('live-follower');
    const g = await fan('live-stranger');
    const r = await artist();
    await follow(f.client, f.id, r.id);
    const follower = await joined(f.client, artistOf(r.id, f.id));
    const artistOwn = await joined(r.client, `user:${r.id}`);
    const strangerOwn = await joined(g.client, `user:${g.id}`);
    const strangerEveryone = await joined(g.client, everyoneOf(g.id));
    const eavesdropper = await joined(g.client, artistOf(r.id, f.id), { isPrivate: false });
    // realtime-js keeps one channel object per topic and client: the private attempt needs its own.
    const g2 = rtAnon(backend);
    clients.push(g2);
    await g2.realtime.setAuth(g.token);
    const intruder = await join(g2, artistOf(r.id, f.id));

    const rows = Array.from({ length: 100 }, (_, i) => ({
      artist_id: r.id,
      title: `Drop ${i}`,
      file_path: `${r.id}/drop-${i}.mp3`,
      is_public: true,
    }));
    const { error } = await r.client.from('content_items').insert(await withStoredObjects(r.client, rows));
    expect(error).toBeNull();
    await settle([
      [follower, artistOf(r.id, f.id)],
      [artistOwn, `user:${r.id}`],
      [strangerOwn, `user:${g.id}`],
      [strangerEveryone, everyoneOf(g.id)],
      ...(intruder.status === 'SUBSCRIBED' ? [[intruder.listener, artistOf(r.id, f.id)] as [Listener, string]] : []),
    ]);
    expect(changes(follower)).toEqual([['followed_content']]);
    expect(intruder.status).toBe('CHANNEL_ERROR');
    expect(changes(intruder.listener)).toEqual([]);
    expect(changes(artistOwn)).toEqual([['content_items']]);
    // The message names collections only: no row, no title, no path.
    const message = follower.got.find((m) => m.event === 'changed')!;
    expect(Object.keys(message.payload).sort()).toEqual(['collections', 'id']);
    expect(JSON.stringify(follower.got)).not.toContain('Drop');
    expect(changes(strangerOwn)).toEqual([]);
    expect(changes(strangerEveryone)).toEqual([]);
    expect(eavesdropper.got).toEqual([]);
  });

  it("a follow, a tier change and an unfollow tell the fan's own topic to pull subscriptions and followed_content", async () => {
    const f = await fan('live-follows');
    const r = await artist();
    const own = await joined(f.client, `user:${f.id}`);
    await follow(f.client, f.id, r.id);
    await backend.query(`update public.subscriptions set tier = 'tier2' where fan_id = $1 and artist_id = $2`, [
      f.id,
      r.id,
    ]);
    expect((await f.client.from('subscriptions').update({ _deleted: true }).eq('artist_id', r.id)).error).toBeNull();
    await settle([[own, `user:${f.id}`]]);
    expect(changes(own)).toEqual(Array.from({ length: 3 }, () => ['subscriptions', 'followed_content']));
  });

  it('a transaction tells each topic once (sync_push writes row by row); a rolled-back write tells nobody', async () => {
    const f = await fan('live-tx');
    const own = await joined(f.client, `user:${f.id}`);
    const everyone = await joined(f.client, everyoneOf(f.id));
    const drop = (id: string, fanId: string | null) =>
      `insert into public.locker_items (id, fan_id, type, title, artist, rarity, expires_at)
       values ('${id}', ${fanId ? `'${fanId}'` : 'null'}, 'music', 'T', 'A', 'common', now() + interval '1 day')`;
    const tag = Date.now().toString(36);
    await backend.query(
      `do $$ begin ${drop(`tx1-${tag}`, f.id)}; ${drop(`tx2-${tag}`, f.id)}; ${drop(`tx3-${tag}`, null)}; end $$`,
    );
    await expect(
      backend.query(`do $$ begin ${drop(`tx4-${tag}`, f.id)}; raise exception 'rolled back'; end $$`),
    ).rejects.toThrow('rolled back');
    await settle([
      [own, `user:${f.id}`],
      [everyone, everyoneOf(f.id)],
    ]);
    expect(changes(own)).toEqual([['locker_items']]);
    expect(changes(everyone)).toEqual([['locker_items']]);
  });

  it("an artist's rename tells the followers (followed_content shows the name)", async () => {
    const f = await fan('live-rename');
    const r = await artist();
    await follow(f.client, f.id, r.id);
    await backend.query(
      // a released item (as the database owner, vouching for its file): its followers see the name
      `insert into public.content_items (artist_id, title, file_path, is_public, file_verified)
       values ($1::uuid, 'T', $1::text || '/t.mp3', true, true)`,
      [r.id],
    );
    expect(
      (await r.client.from('profiles').upsert({ id: r.id, display_name: 'Before', role: 'artist' })).error,
    ).toBeNull();
    await settle([]); // the drop above is told before the listener joins
    const follower = await joined(f.client, artistOf(r.id, f.id));
    const { error } = await r.client.from('profiles').update({ display_name: 'Renamed' }).eq('id', r.id);
    expect(error).toBeNull();
    // A profile write that keeps the name tells the artist's own devices only.
    expect((await r.client.from('profiles').update({ onboarding_completed: true }).eq('id', r.id)).error).toBeNull();
    await settle([[follower, artistOf(r.id, f.id)]]);
    expect(changes(follower)).toEqual([['followed_content']]);
  });
});
