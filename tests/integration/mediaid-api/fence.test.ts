/**
 * The fence (migration 20261127600000_mediaid_api): a third-party app's token — an ordinary JWT of
 * the user plus `client_id` — reaches no table, object, channel or app RPC directly.
 *  1. From the catalog: every table in `public`, and every table of any other schema the API roles
 *     hold a privilege on (storage, realtime, …), has RLS on and a RESTRICTIVE policy for every
 *     role and command refusing a `client_id` claim; every security-definer function API roles
 *     may call refuses app tokens (or is the MediaID API, which requires them). A table added
 *     later without the fence fails here (shown with a planted table).
 *  2. At runtime, with supabase-js: a user who has rows nearly everywhere; their own session reads
 *     them, their app token reads none and writes nothing; storage and realtime refuse it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { seedSampleFan, withBackend, type LocalBackend } from '../helpers/backend';
import { withStoredObjects } from '../../fixtures/stored-objects';
import { closeAll, rtAnon } from '../realtime/helpers';
import { apiCall, appClient, grant, mediaidToken, person, registerApp, supabaseAppToken, type Actor } from './helpers';

let backend: LocalBackend;
let user: Actor;
let token: string;
let clientId: string;
const rtClients: SupabaseClient[] = [];

/** Tables the fence must cover, each with whether it is fenced (RLS on + the restrictive policy). */
const FENCE_SQL = `
  select n.nspname || '.' || c.relname as name,
         c.relrowsecurity and exists (
           select 1 from pg_policy p
           where p.polrelid = c.oid and not p.polpermissive and p.polcmd = '*'
             and (p.polroles = array[0::oid]
                  or p.polroles @> array['anon'::regrole::oid, 'authenticated'::regrole::oid])
             and pg_get_expr(p.polqual, p.polrelid) ~ 'client_id.*IS NULL'
             and pg_get_expr(p.polwithcheck, p.polrelid) ~ 'client_id.*IS NULL') as fenced
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p')
    and (n.nspname = 'public'
         or (n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
             and (has_table_privilege('anon', c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE')
                  or has_table_privilege('authenticated', c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE'))))
  order by 1`;

/** Security-definer functions in the exposed schema that a signed-in role may call. */
const DEFINER_SQL = `
  select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
         p.prosrc ~ 'private\\.(refuse_app_token|api_grant)\\(' as guarded
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.prosecdef and has_function_privilege('authenticated', p.oid, 'EXECUTE')
  order by 1`;

beforeAll(async () => {
  backend = await withBackend();
  // One person with rows in nearly every table: three roles, an app, a webhook, a grant, content.
  user = await person(backend, ['fan', 'artist', 'developer'], {}, 'fence');
  // the sample fan's rows too (rewards, streak, calendar), so every table has one of theirs
  await seedSampleFan(backend, user.user.id);
  clientId = await registerApp(user, ['preferences:read']);
  expect((await grant(user, clientId, 'fan', ['preferences:read'])).error).toBeNull();
  expect((await user.client.from('profiles').upsert({ id: user.user.id, display_name: 'Fence' })).error).toBeNull();
  expect(
    (await user.client.from('developer_webhooks').insert({ client_id: clientId, url: 'https://hooks.example.test/in' }))
      .error,
  ).toBeNull();
  const [song] = await withStoredObjects(user.client, [
    { artist_id: user.user.id, title: 'Song', file_path: `${user.user.id}/song.mp3`, is_public: true },
  ]);
  expect((await user.client.from('content_items').insert(song!)).error).toBeNull();
  expect(
    (
      await user.client
        .from('subscriptions')
        .insert({ fan_id: user.user.id, artist_id: user.user.id, artist_name: 'Me' })
    ).error,
  ).toBeNull();
  token = await supabaseAppToken(backend, user.user, clientId);
  // The grant is live: one API call works, so refusals below are the fence, not a dead grant.
  const ok = await apiCall(backend, await mediaidToken(backend, user.user, clientId), 'api_get_preferences');
  expect(ok.error).toBeNull();
  await user.client
    .from('media_ids')
    .update({ interests: ['fenced'] })
    .eq('role', 'fan'); // an outbox row
});
afterAll(async () => {
  await closeAll(...rtClients);
  await backend.stop();
});

describe('the fence, from the catalog', () => {
  it('every table in public, and every table an API role may touch elsewhere, is fenced', async () => {
    const rows = (await backend.query(FENCE_SQL)).rows as { name: string; fenced: boolean }[];
    expect(rows.filter((r) => !r.fenced).map((r) => r.name)).toEqual([]);
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'public.profiles',
        'public.media_ids',
        'public.mediaid_grants',
        'public.mediaid_access_log',
        'public.webhook_outbox',
        'public.developer_webhooks',
        'public.sync_tables',
        'storage.objects',
        'storage.buckets',
        'realtime.messages',
      ]),
    );
  });

  it('catches a table added without the fence', async () => {
    await backend.query('create table public.fence_probe (id int)');
    try {
      const rows = (await backend.query(FENCE_SQL)).rows as { name: string; fenced: boolean }[];
      expect(rows.filter((r) => !r.fenced).map((r) => r.name)).toEqual(['public.fence_probe']);
    } finally {
      await backend.query('drop table public.fence_probe');
    }
  });

  it('every security-definer RPC refuses app tokens; the MediaID API is not one (only mediaid-api reaches it)', async () => {
    const rows = (await backend.query(DEFINER_SQL)).rows as { name: string; guarded: boolean }[];
    expect(rows.filter((r) => !r.guarded).map((r) => r.name)).toEqual([]);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['developer_app_usage()']));
    expect(rows.map((r) => r.name).filter((n) => n.startsWith('api_') || n.startsWith('mediaid_call'))).toEqual([]);
    // The sync RPCs are invoker (RLS already fences their reads) and refuse app tokens first too.
    const sync = await backend.query(
      "select count(*)::int as n from pg_proc where proname in ('sync_pull', 'sync_push') and prosrc like '%private.refuse_app_token()%'",
    );
    expect(sync.rows[0].n).toBe(3); // sync_push, sync_pull and the position-only sync_pull of earlier app versions
  });
});

describe('the fence, at runtime', () => {
  it('the app token reads no row of any table or view its user can read', async () => {
    const readable = (
      await backend.query(
        "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'v', 'p') and has_table_privilege('authenticated', c.oid, 'SELECT') order by 1",
      )
    ).rows.map((r: { name: string }) => r.name);
    const app = appClient(backend, token);
    const seenBySession: string[] = [];
    for (const table of readable) {
      const own = await user.client.from(table).select('*');
      expect(own.error, table).toBeNull();
      if ((own.data ?? []).length > 0) seenBySession.push(table);
      const byApp = await app.from(table).select('*');
      expect(byApp.data ?? [], `${table} through an app token`).toEqual([]);
    }
    expect(seenBySession).toEqual(
      expect.arrayContaining([
        'profiles',
        'media_ids',
        'content_items',
        'developer_apps',
        'developer_webhooks',
        'mediaid_grants',
        'mediaid_access_log',
        'webhook_outbox',
        'subscriptions',
        'daily_rewards',
        'sync_tables',
      ]),
    );
  });

  it('the app token writes nothing: no insert, update or sync push', async () => {
    const app = appClient(backend, token);
    const ins = await app.from('media_ids').insert({ user_uuid: user.user.id, role: 'brand' });
    expect(ins.error?.code).toBe('42501');
    const upd = await app
      .from('media_ids')
      .update({ interests: ['owned'] })
      .eq('user_uuid', user.user.id)
      .select();
    expect(upd.data ?? []).toEqual([]);
    const prof = await app.from('profiles').update({ display_name: 'Owned' }).eq('id', user.user.id).select();
    expect(prof.data ?? []).toEqual([]);
    const push = await app.rpc('sync_push', {
      p_table: 'profiles',
      p_rows: [{ new: { id: user.user.id, display_name: 'Owned' }, assumed: null }],
    });
    expect(push.error?.code).toBe('42501');
    expect(push.error?.message).toBe('invalid_token');
    const row = await user.client.from('profiles').select('display_name').single();
    expect(row.data?.display_name).toBe('Fence');
  });

  it('sync_pull refuses the app token', async () => {
    const app = appClient(backend, token);
    for (const collection of ['media_ids', 'mediaid_grants', 'profiles']) {
      for (const args of [{ p_collection: collection }, { p_collection: collection, p_checkpoint: null }]) {
        const r = await app.rpc('sync_pull', args);
        expect(r.error?.code, collection).toBe('42501');
        expect(r.data).toBeNull();
      }
    }
    // the user's own session still pulls (the app's row of developer_apps)
    const own = await user.client.rpc('sync_pull', { p_collection: 'developer_apps', p_checkpoint: null });
    expect((own.data as { rows: { client_id: string }[] }).rows.map((r) => r.client_id)).toEqual([clientId]);
  });

  it('storage: the app token lists, downloads and uploads nothing', async () => {
    const app = appClient(backend, token);
    expect((await user.client.storage.from('content').list(user.user.id)).data?.map((o) => o.name)).toEqual([
      'song.mp3',
    ]);
    const list = await app.storage.from('content').list(user.user.id);
    expect(list.data ?? []).toEqual([]);
    const down = await app.storage.from('content').download(`${user.user.id}/song.mp3`);
    expect(down.data).toBeNull();
    expect(down.error).toBeTruthy();
    const up = await app.storage.from('content').upload(`${user.user.id}/planted.txt`, new Blob(['x']));
    expect(up.error).toBeTruthy();
    expect((await app.storage.listBuckets()).data ?? []).toEqual([]);
  });

  it("realtime: the app token cannot join its user's private channel", async () => {
    const rt = rtAnon(backend);
    rtClients.push(rt);
    await rt.realtime.setAuth(token);
    const topic = `user:${user.user.id}`;
    const result = await new Promise<{ status: string; message?: string; channel: RealtimeChannel }>((resolve) => {
      const channel = rt.channel(topic, { config: { private: true } });
      channel.subscribe((status, err) => resolve({ status, message: err?.message, channel }));
    });
    expect(result.status).toBe('CHANNEL_ERROR');
    expect(result.message).toBe(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`);
  });
});
