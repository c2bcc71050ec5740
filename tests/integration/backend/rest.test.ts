/**
 * /rest/v1 through supabase-js: the spec §7 database calls, PostgREST features the sync
 * engine relies on (checkpoint pull query, upsert, ranges, count, single), the sync_push
 * RPC, and bad input (status + shape, nothing written, server keeps serving).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createArtistClient, createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { withStoredObjects } from '../../fixtures/stored-objects';

let backend: LocalBackend;
let a: { client: SupabaseClient; user: User; accessToken: string };

beforeAll(async () => {
  backend = await withBackend();
  a = await createUserClient(backend, uniqueEmail('rest'), 'rest-pass-1', { role: 'fan' });
});
afterAll(async () => {
  await backend.stop();
});

const PRIVACY_DEFAULTS = { data_sharing: true, location_access: false, audio_capture: false, anonymous_logging: true, marketing_communications: false };

describe('spec §7 database calls', () => {
  it('profile insert, select (single) and upsert on id', async () => {
    const now = new Date().toISOString();
    const ins = await a.client.from('profiles').insert({
      id: a.user.id, display_name: 'Ann', role: 'fan', email_verified: false, onboarding_completed: false, created_at: now, updated_at: now,
    });
    expect(ins.error).toBeNull();
    expect(ins.status).toBe(201);

    const sel = await a.client.from('profiles').select('role, onboarding_completed').eq('id', a.user.id).single();
    expect(sel.error).toBeNull();
    expect(sel.data).toEqual({ role: 'fan', onboarding_completed: false });

    const up = await a.client.from('profiles').upsert({ id: a.user.id, role: 'artist', onboarding_completed: true, updated_at: new Date().toISOString() }, { onConflict: 'id' });
    expect(up.error).toBeNull();
    const after = await a.client.from('profiles').select('*').eq('id', a.user.id).single();
    expect(after.data).toMatchObject({ role: 'artist', onboarding_completed: true, display_name: 'Ann', _deleted: false });

    const none = await a.client.from('profiles').select('role').eq('id', '00000000-0000-0000-0000-000000000000').single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
    const maybe = await a.client.from('profiles').select('role').eq('id', '00000000-0000-0000-0000-000000000000').maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('MediaID insert (single row back), defaults, upsert on (user_uuid, role), selects', async () => {
    const ins = await a.client
      .from('media_ids')
      .insert({
        user_uuid: a.user.id, role: 'fan', interests: ['hip-hop', 'jazz'], genre_preferences: ['rap'], location_code: 'US',
        privacy_settings: PRIVACY_DEFAULTS, content_flags: { mood: 'chill', likes: ['a'], dislikes: [] }, version: 1, is_active: true,
      })
      .select()
      .single();
    expect(ins.error).toBeNull();
    expect(ins.data).toMatchObject({ id: `${a.user.id}|fan`, interests: ['hip-hop', 'jazz'], content_flags: { mood: 'chill', likes: ['a'], dislikes: [] }, version: 1, is_active: true });

    const minimal = await a.client.from('media_ids').insert({ user_uuid: a.user.id, role: 'brand' }).select().single();
    expect(minimal.data).toMatchObject({ interests: [], genre_preferences: [], location_code: '', content_flags: {}, privacy_settings: PRIVACY_DEFAULTS, version: 1, is_active: true });

    const dup = await a.client.from('media_ids').insert({ user_uuid: a.user.id, role: 'fan' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');

    const now = new Date().toISOString();
    const up = await a.client
      .from('media_ids')
      .upsert(
        { user_uuid: a.user.id, role: 'fan', interests: ['rock'], genre_preferences: [], location_code: 'GB', privacy_settings: { ...PRIVACY_DEFAULTS, audio_capture: true }, content_flags: {}, version: 1, is_active: true, created_at: now, updated_at: now },
        { onConflict: 'user_uuid,role' },
      )
      .select();
    expect(up.error).toBeNull();
    expect(up.data).toHaveLength(1);
    expect(up.data![0]).toMatchObject({ id: `${a.user.id}|fan`, interests: ['rock'], location_code: 'GB', privacy_settings: { audio_capture: true } });

    const all = await a.client.from('media_ids').select('*').eq('user_uuid', a.user.id);
    expect(all.data?.map((r) => r.role).sort()).toEqual(['brand', 'fan']);
    const one = await a.client.from('media_ids').select('*').eq('user_uuid', a.user.id).eq('role', 'fan').single();
    expect(one.data?.interests).toEqual(['rock']);

    const tooMany = await a.client.from('media_ids').update({ interests: ['1', '2', '3', '4', '5', '6'] }).eq('id', `${a.user.id}|fan`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.error?.code).toBe('23514');
    const wrongId = await a.client.from('media_ids').insert({ id: 'forged|fan', user_uuid: a.user.id, role: 'developer' });
    expect(wrongId.error?.code).toBe('23514');
  });

  it('engagement log insert (result unchecked) and own read-back', async () => {
    const r = await a.client.from('media_engagement_log').insert({
      user_id: a.user.id, event_type: 'mediaid_setup_completed', is_anonymous: false, metadata: { interests_count: 2, privacy_level: 2, selected_role: 'fan' },
    });
    expect(r.error).toBeNull();
    const mine = await a.client.from('media_engagement_log').select('event_type, metadata');
    expect(mine.data).toEqual([{ event_type: 'mediaid_setup_completed', metadata: { interests_count: 2, privacy_level: 2, selected_role: 'fan' } }]);
  });

  it('content item insert by an artist with a client id (idempotent retry)', async () => {
    const artist = await createArtistClient(backend, uniqueEmail('artist'), 'artist-pass');
    const id = crypto.randomUUID();
    const [row] = await withStoredObjects(artist.client, [{
      id, artist_id: artist.user.id, title: 'Song', description: 'd', file_path: `${artist.user.id}/1-song.mp3`, file_type: 'audio/mpeg', file_size: 1234,
      metadata: { album: 'X', genre: 'pop', tags: ['a'], credits: '', collaborators: [] }, is_public: false, subscription_tier_required: 'tier2', unlock_date: null,
    }]);
    expect((await artist.client.from('content_items').insert(row!)).error).toBeNull();
    const retry = await artist.client.from('content_items').upsert(row!, { onConflict: 'id', ignoreDuplicates: true });
    expect(retry.error).toBeNull();
    const got = await artist.client.from('content_items').select('*').eq('id', id);
    expect(got.data).toHaveLength(1);
    expect(got.data![0].metadata.tags).toEqual(['a']);
    const badTier = await artist.client.from('content_items').insert({ ...row, id: crypto.randomUUID(), subscription_tier_required: 'gold' });
    expect(badTier.status).toBe(400);
    expect(badTier.error?.code).toBe('23514');
  });
});

describe('PostgREST features', () => {
  it('filters, order, range, count, head, not/or/and/in/like/ilike/cs/is', async () => {
    const artist = await createArtistClient(backend, uniqueEmail('feat'), 'feat-pass');
    // Sizes 10..120 (filler bytes: the artist reads their own rows whatever the server's file check).
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: crypto.randomUUID(), artist_id: artist.user.id, title: `Track ${String(i).padStart(2, '0')}`, file_path: `${artist.user.id}/${i}.mp3`,
      file_size: (i + 1) * 10, description: i % 3 === 0 ? null : `desc ${i}`, metadata: { tags: i % 2 ? ['odd'] : ['even'] }, is_public: i % 2 === 0,
    }));
    const bulk = await artist.client.from('content_items').insert(await withStoredObjects(artist.client, rows, { filler: true })).select('id');
    expect(bulk.data).toHaveLength(12);
    const c = artist.client.from('content_items');

    const page = await c.select('title, file_size', { count: 'exact' }).order('file_size', { ascending: false }).range(2, 5);
    expect(page.count).toBe(12);
    expect(page.data?.map((r) => r.file_size)).toEqual([100, 90, 80, 70]);

    const head = await artist.client.from('content_items').select('*', { count: 'exact', head: true }).eq('is_public', true);
    expect(head.count).toBe(6);
    expect(head.data).toBeNull();

    expect((await artist.client.from('content_items').select('id').gt('file_size', 50).lte('file_size', 80)).data).toHaveLength(3);
    expect((await artist.client.from('content_items').select('id').neq('file_size', 10)).data).toHaveLength(11);
    expect((await artist.client.from('content_items').select('id').in('file_size', [10, 20, 120])).data).toHaveLength(3);
    expect((await artist.client.from('content_items').select('id').like('title', 'Track 1*')).data).toHaveLength(2);
    expect((await artist.client.from('content_items').select('id').ilike('title', '%track 0%')).data).toHaveLength(10);
    expect((await artist.client.from('content_items').select('id').is('description', null)).data).toHaveLength(4);
    expect((await artist.client.from('content_items').select('id').not('description', 'is', null)).data).toHaveLength(8);
    expect((await artist.client.from('content_items').select('id').contains('metadata', { tags: ['odd'] })).data).toHaveLength(6);
    expect((await artist.client.from('content_items').select('id').or('file_size.eq.10,and(file_size.gte.110,is_public.eq.true)')).data).toHaveLength(2);
    const nullsFirst = await artist.client.from('content_items').select('description').order('description', { ascending: true, nullsFirst: true }).limit(1);
    expect(nullsFirst.data?.[0]?.description).toBeNull();

    const patched = await artist.client.from('content_items').update({ is_public: true, metadata: { tags: ['x', 'y'] } }).eq('file_size', 20).select();
    expect(patched.data?.[0]).toMatchObject({ is_public: true, metadata: { tags: ['x', 'y'] } });
    const del = await artist.client.from('content_items').update({ _deleted: true }).eq('file_size', 30).select('_deleted');
    expect(del.data).toEqual([{ _deleted: true }]);
  });

  it('checkpoint pull query (nested or/and, microsecond timestamps, ids with "|")', async () => {
    const b = await createUserClient(backend, uniqueEmail('pull'), 'pull-pass-1');
    for (const role of ['fan', 'artist', 'brand', 'developer']) {
      expect((await b.client.from('media_ids').insert({ user_uuid: b.user.id, role })).error).toBeNull();
    }
    // make two rows share _modified to exercise the id tie-break
    await backend.query("update media_ids set location_code = 'X' where user_uuid = $1 and role in ('artist','brand')", [b.user.id]);
    const seen: string[] = [];
    let ts = '1970-01-01T00:00:00+00:00';
    let id = '';
    for (let guard = 0; guard < 10; guard++) {
      const { data, error } = await b.client
        .from('media_ids')
        .select('*')
        .or(`_modified.gt.${ts},and(_modified.eq.${ts},id.gt.${id})`)
        .order('_modified')
        .order('id')
        .limit(1);
      expect(error).toBeNull();
      if (!data || data.length === 0) break;
      seen.push(data[0].id);
      ts = data[0]._modified;
      id = data[0].id;
      expect(ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    }
    expect(seen.sort()).toEqual(['artist', 'brand', 'developer', 'fan'].map((r) => `${b.user.id}|${r}`));
  });
});

describe('sync_push RPC', () => {
  it('inserts, updates with arrays and jsonb, reports conflicts and per-row errors', async () => {
    const u = await createUserClient(backend, uniqueEmail('sync'), 'sync-pass-1');
    const fanId = `${u.user.id}|fan`;
    const push = (rows: unknown[]) => u.client.rpc('sync_push', { p_table: 'media_ids', p_rows: rows });

    const r1 = await push([
      { new: { id: fanId, user_uuid: u.user.id, role: 'fan', interests: ['a', 'b'], content_flags: { mood: 'up' }, _modified: '2000-01-01T00:00:00Z', bogus: 1 }, assumed: null },
      { new: { id: `${u.user.id}|admin`, user_uuid: u.user.id, role: 'admin' }, assumed: null },
      { new: { id: `${u.user.id}|artist`, user_uuid: u.user.id, role: 'artist', interests: ['1', '2', '3', '4', '5', '6'] }, assumed: null },
    ]);
    expect(r1.error).toBeNull();
    const errs = r1.data as { id: string; error?: { code: string } }[];
    expect(errs).toHaveLength(2);
    expect(errs.find((e) => e.id === `${u.user.id}|admin`)?.error?.code).toBe('42501');
    expect(errs.find((e) => e.id === `${u.user.id}|artist`)?.error?.code).toBe('23514');

    const server = (await u.client.from('media_ids').select('*').eq('id', fanId).single()).data!;
    expect(server.interests).toEqual(['a', 'b']);
    expect(server.content_flags).toEqual({ mood: 'up' });
    expect(server.privacy_settings).toEqual(PRIVACY_DEFAULTS);
    expect(server._modified.startsWith('2000')).toBe(false);

    const r2 = await push([{ new: { ...server, interests: ['c'], privacy_settings: { ...PRIVACY_DEFAULTS, data_sharing: false }, _modified: '1999-01-01T00:00:00Z' }, assumed: server }]);
    expect(r2.data).toEqual([]);
    const updated = (await u.client.from('media_ids').select('*').eq('id', fanId).single()).data!;
    expect(updated.interests).toEqual(['c']);
    expect(updated.privacy_settings.data_sharing).toBe(false);
    expect(updated._modified > server._modified).toBe(true);

    // stale assumed state → conflict with the current server row; nothing changes
    const r3 = await push([{ new: { ...server, interests: ['stale'] }, assumed: server }]);
    const conflicts = r3.data as { id: string; conflict: { interests: string[]; _modified: string } }[];
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.conflict.interests).toEqual(['c']);
    expect(conflicts[0]!.conflict._modified).toBe(updated._modified);
    // insert of an existing row without assumed → conflict too
    const r4 = await push([{ new: { id: fanId, user_uuid: u.user.id, role: 'fan' }, assumed: null }]);
    expect((r4.data as { conflict?: unknown }[])[0]?.conflict).toBeTruthy();

    const bad = await u.client.rpc('sync_push', { p_table: 'auth_users', p_rows: [] });
    expect(bad.error?.code).toBe('22023');
    expect(bad.status).toBe(400);
    const anonPush = await fetch(`${backend.url}/rest/v1/rpc/sync_push`, {
      method: 'POST', headers: { apikey: backend.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ p_table: 'media_ids', p_rows: [] }),
    });
    expect(anonPush.status).toBe(401);
  });
});

describe('bad input', () => {
  const url = () => `${backend.url}/rest/v1`;
  const hdr = (extra: Record<string, string> = {}) => ({ apikey: backend.anonKey, Authorization: `Bearer ${a.accessToken}`, 'content-type': 'application/json', ...extra });
  const count = async () => Number((await backend.query('select count(*)::int as n from public.media_engagement_log')).rows[0].n);

  it('malformed JSON, unknown table/column, bad filter, oversize body, bad JWTs', async () => {
    const before = await count();
    const malformed = await fetch(`${url()}/media_engagement_log`, { method: 'POST', headers: hdr(), body: '{"user_id": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'PGRST102', message: expect.any(String), details: expect.anything(), hint: null });

    const unknownTable = await a.client.from('no_such_table').select('*');
    expect(unknownTable.status).toBe(404);
    expect(unknownTable.error?.code).toBe('PGRST205');

    const unknownCol = await a.client.from('media_engagement_log').insert({ user_id: a.user.id, event_type: 'x', hacker: true });
    expect(unknownCol.status).toBe(400);
    expect(unknownCol.error?.code).toBe('PGRST204');

    const badFilter = await a.client.from('profiles').select('*').eq('nope', 1);
    expect(badFilter.status).toBe(400);
    expect(badFilter.error?.code).toBe('42703');
    const badOp = await fetch(`${url()}/profiles?id=zz.1`, { headers: hdr() });
    expect(badOp.status).toBe(400);
    expect(((await badOp.json()) as { code: string }).code).toBe('PGRST100');
    const injection = await a.client.from('profiles').select('*').eq('id', "x'; drop table profiles; --");
    expect(injection.status).toBe(400); // invalid uuid, bound as a parameter
    expect(injection.error?.code).toBe('22P02');

    const big = JSON.stringify({ user_id: a.user.id, event_type: 'big', metadata: { blob: 'x'.repeat(2 * 1024 * 1024) } });
    const oversize = await fetch(`${url()}/media_engagement_log`, { method: 'POST', headers: hdr(), body: big });
    expect(oversize.status).toBe(413);
    expect(await oversize.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });

    const forged = a.accessToken.slice(0, -4) + (a.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const f = await fetch(`${url()}/profiles?select=*`, { headers: hdr({ Authorization: `Bearer ${forged}` }) });
    expect(f.status).toBe(401);
    expect(((await f.json()) as { code: string }).code).toBe('PGRST301');

    const { SignJWT } = await import('jose');
    const foreign = await new SignJWT({ sub: a.user.id, role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const fr = await fetch(`${url()}/profiles?select=*`, { headers: hdr({ Authorization: `Bearer ${foreign}`, apikey: foreign }) });
    expect(fr.status).toBe(401);
    const expired = await new SignJWT({ sub: a.user.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(backend.jwtSecret));
    const ex = await fetch(`${url()}/profiles?select=*`, { headers: hdr({ Authorization: `Bearer ${expired}` }) });
    expect(ex.status).toBe(401);
    expect(((await ex.json()) as { code: string }).code).toBe('PGRST303');
    const weirdRole = await new SignJWT({ role: 'postgres' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(backend.jwtSecret));
    expect((await fetch(`${url()}/profiles?select=*`, { headers: hdr({ Authorization: `Bearer ${weirdRole}` }) })).status).toBe(401);
    const noKey = await fetch(`${url()}/profiles?select=*`);
    expect(noKey.status).toBe(401);

    expect(await count()).toBe(before);
    const alive = await a.client.from('profiles').select('id').limit(1);
    expect(alive.error).toBeNull();
  });
});
