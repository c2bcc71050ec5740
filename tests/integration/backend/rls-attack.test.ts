/**
 * RLS attack suite: as user B (and as anon) attack user A's rows and objects through the
 * real supabase-js client. Every attempt must be refused (error, or zero rows affected/seen)
 * and A's data must be byte-for-byte unchanged afterwards. The attempt count is printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { anonClient, createArtistClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { storeVerifiedObject } from '../../fixtures/stored-objects';

type Actor = { client: SupabaseClient; user: User; accessToken: string };
let backend: LocalBackend;
let A: Actor;
let B: Actor;
let anon: SupabaseClient;
let privateContentId: string;
let publicContentId: string;
let secretBytes: Uint8Array;
let publicBytes: Uint8Array;
const bytesOf = async (blob: Blob | null | undefined) => (blob ? new Uint8Array(await blob.arrayBuffer()) : undefined);
const objectPath = () => `${A.user.id}/secret.mp3`;
let attempts = 0;

/** Superuser snapshot of everything A owns. */
async function snapshotA(): Promise<string> {
  const q = async (sql: string) => JSON.stringify((await backend.query(sql, [A.user.id])).rows);
  return [
    await q('select * from public.profiles where id = $1'),
    await q('select * from public.media_ids where user_uuid = $1 order by id'),
    await q('select * from public.media_engagement_log where user_id = $1 order by id'),
    await q('select * from public.content_items where artist_id = $1 order by id'),
    await q("select id, name, version, metadata from storage.objects where name like $1 || '/%' order by name"),
  ].join('\n');
}

/** An attack "succeeds" if it returns data or affects rows. */
async function refused(label: string, run: () => PromiseLike<{ error: unknown; data: unknown; count?: number | null }>): Promise<void> {
  attempts += 1;
  const r = await run();
  const data = r.data;
  const leaked = r.error ? false : Array.isArray(data) ? data.length > 0 : data !== null && data !== undefined && !(data instanceof Blob && data.size === 0);
  expect(leaked, `${label} was NOT refused: ${JSON.stringify(data)}`).toBe(false);
}

beforeAll(async () => {
  backend = await withBackend();
  A = await createArtistClient(backend, uniqueEmail('victim'), 'victim-pass');
  B = await createArtistClient(backend, uniqueEmail('attacker'), 'attacker-pass');
  anon = anonClient(backend);
  const now = new Date().toISOString();
  await A.client.from('profiles').insert({ id: A.user.id, display_name: 'Victim', role: 'artist', created_at: now, updated_at: now });
  await B.client.from('profiles').insert({ id: B.user.id, display_name: 'Attacker', role: 'fan', created_at: now, updated_at: now });
  await A.client.from('media_ids').insert({ user_uuid: A.user.id, role: 'fan', interests: ['secret'] });
  await A.client.from('media_engagement_log').insert({ user_id: A.user.id, event_type: 'mediaid_setup_completed', metadata: { privacy_level: 5 } });
  privateContentId = crypto.randomUUID();
  publicContentId = crypto.randomUUID();
  // Objects first, as the outbox does: a row must name a stored object of its size (upload checks).
  // Real MP3s the server verified: only verified files are ever released.
  secretBytes = await storeVerifiedObject(A.client, objectPath(), 'audio/mpeg', 1);
  publicBytes = await storeVerifiedObject(A.client, `${A.user.id}/public.mp3`, 'audio/mpeg', 2);
  const base = { artist_id: A.user.id, file_type: 'audio/mpeg' };
  const e1 = await A.client.from('content_items').insert([
    { ...base, id: privateContentId, title: 'Private', file_path: objectPath(), file_size: secretBytes.length, is_public: false, unlock_date: new Date(Date.now() + 86_400_000).toISOString() },
    { ...base, id: publicContentId, title: 'Public', file_path: `${A.user.id}/public.mp3`, file_size: publicBytes.length, is_public: true },
  ]);
  expect(e1.error).toBeNull();
});
afterAll(async () => {
  console.log(`RLS attack suite: ${attempts} attacks, each refused`);
  await backend.stop();
});

describe('RLS attack suite', () => {
  it('B cannot read, update, delete or insert A\'s rows; nobody self-assigns admin; anon reads nothing private', async () => {
    const before = await snapshotA();
    const aFan = `${A.user.id}|fan`;
    const c = B.client;

    // profiles
    await refused('B reads A profile', () => c.from('profiles').select('*').eq('id', A.user.id));
    await refused('B updates A profile', () => c.from('profiles').update({ display_name: 'pwned' }).eq('id', A.user.id).select());
    await refused('B deletes A profile', () => c.from('profiles').delete().eq('id', A.user.id).select());
    await refused('B inserts profile for A', () => c.from('profiles').insert({ id: A.user.id, display_name: 'x' }).select());
    await refused('B upserts A profile', () => c.from('profiles').upsert({ id: A.user.id, role: 'admin' }).select());
    await refused('B sync_push A profile', async () => {
      const r = await c.rpc('sync_push', { p_table: 'profiles', p_rows: [{ new: { id: A.user.id, display_name: 'pwned' }, assumed: null }] });
      return { error: r.error ?? ((r.data as unknown[]).length ? null : 'no-op'), data: (r.data as { error?: unknown }[]).every((x) => x.error) ? null : r.data };
    });

    // media_ids
    await refused('B reads A MediaIDs', () => c.from('media_ids').select('*').eq('user_uuid', A.user.id));
    await refused('B reads all MediaIDs', () => c.from('media_ids').select('*').neq('user_uuid', B.user.id));
    await refused('B updates A MediaID', () => c.from('media_ids').update({ interests: ['pwned'] }).eq('id', aFan).select());
    await refused('B deletes A MediaID', () => c.from('media_ids').delete().eq('id', aFan).select());
    await refused('B inserts MediaID for A', () => c.from('media_ids').insert({ user_uuid: A.user.id, role: 'brand' }).select());
    await refused('B upserts A MediaID', () => c.from('media_ids').upsert({ user_uuid: A.user.id, role: 'fan', interests: ['pwned'] }, { onConflict: 'user_uuid,role' }).select());
    await refused('B sync_push A MediaID (update)', async () => {
      const cur = (await backend.query('select * from media_ids where id = $1', [aFan])).rows[0];
      const r = await c.rpc('sync_push', { p_table: 'media_ids', p_rows: [{ new: { id: aFan, interests: ['pwned'] }, assumed: { _modified: cur._modified } }] });
      return { error: null, data: (r.data as { error?: unknown }[]).every((x) => x.error) ? null : r.data };
    });
    await refused('B moves own MediaID to A', () => c.from('media_ids').update({ user_uuid: A.user.id }).eq('user_uuid', B.user.id).select());

    // admin self-assignment
    await refused('B sets own profile role admin', () => c.from('profiles').update({ role: 'admin' }).eq('id', B.user.id).select());
    await refused('B upserts own profile as admin', () => c.from('profiles').upsert({ id: B.user.id, role: 'admin' }).select());
    await refused('B inserts admin MediaID', () => c.from('media_ids').insert({ user_uuid: B.user.id, role: 'admin' }).select());
    await refused('B changes own MediaID role to admin', () => c.from('media_ids').update({ role: 'admin', id: `${B.user.id}|admin` }).eq('id', `${B.user.id}|artist`).select());
    await refused('B sync_push admin MediaID', async () => {
      const r = await c.rpc('sync_push', { p_table: 'media_ids', p_rows: [{ new: { id: `${B.user.id}|admin`, user_uuid: B.user.id, role: 'admin' }, assumed: null }] });
      return { error: null, data: (r.data as { error?: { code: string } }[]).every((x) => x.error?.code === '42501') ? null : r.data };
    });
    await refused('B sync_push own profile role admin', async () => {
      const cur = (await backend.query('select _modified from profiles where id = $1', [B.user.id])).rows[0];
      const r = await c.rpc('sync_push', { p_table: 'profiles', p_rows: [{ new: { id: B.user.id, role: 'admin' }, assumed: { _modified: cur._modified } }] });
      return { error: null, data: (r.data as { error?: { code: string } }[]).every((x) => x.error?.code === '42501') ? null : r.data };
    });
    expect((await backend.query("select count(*)::int as n from profiles where role = 'admin'")).rows[0].n).toBe(0);
    expect((await backend.query("select count(*)::int as n from media_ids where role = 'admin'")).rows[0].n).toBe(0);

    // engagement log
    await refused('B reads A engagement log', () => c.from('media_engagement_log').select('*').eq('user_id', A.user.id));
    await refused('B inserts log row as A', () => c.from('media_engagement_log').insert({ user_id: A.user.id, event_type: 'forged' }).select());
    await refused('B updates A log', () => c.from('media_engagement_log').update({ event_type: 'x' }).eq('user_id', A.user.id).select());
    await refused('B deletes A log', () => c.from('media_engagement_log').delete().eq('user_id', A.user.id).select());

    // content items
    await refused('B reads A private content', () => c.from('content_items').select('*').eq('id', privateContentId));
    await refused('B updates A content', () => c.from('content_items').update({ is_public: true }).eq('artist_id', A.user.id).select());
    await refused('B soft-deletes A content', () => c.from('content_items').update({ _deleted: true }).eq('id', publicContentId).select());
    await refused('B deletes A content', () => c.from('content_items').delete().eq('artist_id', A.user.id).select());
    await refused('B inserts content as A', () => c.from('content_items').insert({ artist_id: A.user.id, title: 'x', file_path: 'x' }).select());
    await refused('B sync_push content as A', async () => {
      const r = await c.rpc('sync_push', { p_table: 'content_items', p_rows: [{ new: { id: crypto.randomUUID(), artist_id: A.user.id, title: 'x', file_path: 'x' }, assumed: null }] });
      return { error: null, data: (r.data as { error?: unknown }[]).every((x) => x.error) ? null : r.data };
    });
    // B can read A's public item (the rule), but only that one
    const readable = await c.from('content_items').select('id').eq('artist_id', A.user.id);
    expect(readable.data).toEqual([{ id: publicContentId }]);

    // storage
    const sb = c.storage.from('content');
    await refused('B downloads A private object', () => sb.download(objectPath()));
    await refused('B signs A private object', () => sb.createSignedUrl(objectPath(), 60));
    await refused('B lists A folder (private entries)', async () => {
      const r = await sb.list(A.user.id);
      return { error: r.error, data: (r.data ?? []).filter((o) => o.name !== 'public.mp3') };
    });
    await refused('B overwrites A object', () => sb.upload(objectPath(), Buffer.from('pwned'), { upsert: true }));
    await refused('B uploads into A folder', () => sb.upload(`${A.user.id}/planted.mp3`, Buffer.from('x')));
    await refused('B removes A object', () => sb.remove([objectPath()]));
    await refused('B updates A object', () => sb.update(objectPath(), Buffer.from('pwned')));
    await refused('B raw GET A object', async () => {
      const r = await fetch(`${backend.url}/storage/v1/object/content/${objectPath()}`, { headers: { Authorization: `Bearer ${B.accessToken}`, apikey: backend.anonKey } });
      return { error: r.ok ? null : r.status, data: r.ok ? await r.text() : null };
    });
    // ...but the public, unlocked object is downloadable by another signed-in user
    expect(await bytesOf((await sb.download(`${A.user.id}/public.mp3`)).data)).toEqual(publicBytes);

    // anon
    const an = anon;
    for (const t of ['profiles', 'media_ids', 'media_engagement_log', 'content_items']) {
      await refused(`anon reads ${t}`, () => an.from(t).select('*'));
    }
    await refused('anon inserts log for A', () => an.from('media_engagement_log').insert({ user_id: A.user.id, event_type: 'x' }).select());
    await refused('anon downloads A private object', () => an.storage.from('content').download(objectPath()));
    await refused('anon downloads A public object', () => an.storage.from('content').download(`${A.user.id}/public.mp3`));
    await refused('anon lists bucket', () => an.storage.from('content').list(A.user.id));
    await refused('anon calls sync_push', () => an.rpc('sync_push', { p_table: 'profiles', p_rows: [{ new: { id: A.user.id, display_name: 'x' }, assumed: null }] }));
    await refused('anon signs up then reads A', async () => {
      const s = await anonClient(backend).auth.signUp({ email: uniqueEmail('anon2'), password: 'anon2-pass' });
      const cl = anonClient(backend);
      await cl.auth.setSession({ access_token: s.data.session!.access_token, refresh_token: s.data.session!.refresh_token });
      return cl.from('profiles').select('*').eq('id', A.user.id);
    });

    expect(await snapshotA()).toBe(before);
    expect(attempts).toBeGreaterThanOrEqual(40);
    // A still has full access to its own data
    expect((await A.client.from('media_ids').select('interests').eq('id', aFan).single()).data).toEqual({ interests: ['secret'] });
    expect(await bytesOf((await A.client.storage.from('content').download(objectPath())).data)).toEqual(secretBytes);
  });

  it('unlocked content becomes readable to others; locked stays hidden', async () => {
    await refused('B reads locked item', () => B.client.from('content_items').select('id').eq('id', privateContentId));
    await backend.query("update content_items set unlock_date = now() - interval '1 minute' where id = $1", [privateContentId]);
    const now = await B.client.from('content_items').select('id').eq('id', privateContentId);
    expect(now.data).toEqual([{ id: privateContentId }]);
    expect(await bytesOf((await B.client.storage.from('content').download(objectPath())).data)).toEqual(secretBytes);
    await backend.query("update content_items set _deleted = true where id = $1", [privateContentId]);
    await refused('B downloads object of a deleted item', () => B.client.storage.from('content').download(objectPath()));
  });
});
