/**
 * RLS attack suite, content classes (issue 16 "object references not tied to their owner" and
 * "tier gating absent"; issue 13 item 4): through the real supabase-js client, as fans at
 * different tiers, as a rival artist and as anon. A fan reads an artist's row and object only
 * when it is released (public, or its unlock date passed) AND within their tier for that artist;
 * otherwise the public fields (content_previews) at most, never the object — not by download,
 * signed URL, raw GET or a sync_push trick; a row never vouches for another artist's object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { anonClient, createArtistClient, createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { storeVerifiedObject, withStoredObjects } from '../../fixtures/stored-objects';
import { AttackLog, pushAttack } from './rls-attack-helpers';

type Actor = { client: SupabaseClient; user: User; accessToken: string };
let backend: LocalBackend;
let artist: Actor; // the victim: owns the tiered items
let rival: Actor; // another artist
let stranger: Actor; // signed-in fan, follows nobody
let follower: Actor; // free follower of `artist`
let patron: Actor; // tier2 subscriber of `artist` (granted by the payment side = service_role)
const log = new AttackLog('RLS attack suite (content)');
// free/tier1/tier3: released (public) at that tier; draft: free but not released (unlock date ahead)
const ids = { free: crypto.randomUUID(), tier1: crypto.randomUUID(), tier3: crypto.randomUUID(), draft: crypto.randomUUID() };
const path = (k: keyof typeof ids) => `${artist.user.id}/${k}.mp3`;
// Real MP3s the server verified (only verified files are ever released), one length per item.
const stored = {} as Record<keyof typeof ids, Uint8Array>;
const bytes = (k: keyof typeof ids) => stored[k];

async function visibleIds(c: SupabaseClient): Promise<string[]> {
  const r = await c.from('content_items').select('id').eq('artist_id', artist.user.id);
  expect(r.error).toBeNull();
  return (r.data ?? []).map((x) => x.id as string).sort();
}
const download = async (c: SupabaseClient, p: string) => {
  const data = (await c.storage.from('content').download(p)).data;
  return data ? new Uint8Array(await data.arrayBuffer()) : undefined;
};

beforeAll(async () => {
  backend = await withBackend();
  artist = await createArtistClient(backend, uniqueEmail('artist'), 'artist-pass');
  rival = await createArtistClient(backend, uniqueEmail('rival'), 'rival-pass');
  stranger = await createUserClient(backend, uniqueEmail('stranger'), 'stranger-pass');
  follower = await createUserClient(backend, uniqueEmail('follower'), 'follower-pass');
  patron = await createUserClient(backend, uniqueEmail('patron'), 'patron-pass');
  const rows = (['free', 'tier1', 'tier3'] as const).map((k) => ({
    id: ids[k], artist_id: artist.user.id, title: `Song ${k}`, description: `secret notes ${k}`, file_path: path(k),
    file_type: 'audio/mpeg', file_size: 9, is_public: true, subscription_tier_required: k, unlock_date: null as string | null,
  }));
  const later = new Date(Date.now() + 86_400_000).toISOString();
  rows.push({ ...rows[0]!, id: ids.draft, title: 'Song draft', file_path: path('draft'), is_public: false, unlock_date: later });
  // Objects first, as the outbox does: a row must name a stored object of its size (upload checks).
  for (const [i, k] of (Object.keys(ids) as (keyof typeof ids)[]).entries()) {
    stored[k] = await storeVerifiedObject(artist.client, path(k), 'audio/mpeg', i);
  }
  const sized = rows.map((r) => ({ ...r, file_size: bytes((Object.keys(ids) as (keyof typeof ids)[]).find((k) => ids[k] === r.id)!).length }));
  expect((await artist.client.from('content_items').insert(sized)).error).toBeNull();
  const follow = await follower.client.from('subscriptions').insert({ fan_id: follower.user.id, artist_id: artist.user.id, artist_name: 'Artist' });
  expect(follow.error).toBeNull();
  await backend.query(
    `insert into public.subscriptions (fan_id, artist_id, artist_name, tier, price) values ($1, $2, 'Artist', 'tier2', 5)`,
    [patron.user.id, artist.user.id],
  );
});
afterAll(async () => {
  log.report();
  await backend?.stop();
});

describe('tier gating', () => {
  it('each fan reads exactly the rows and objects their tier for that artist allows', async () => {
    expect(await visibleIds(artist.client)).toEqual(Object.values(ids).sort());
    expect(await visibleIds(stranger.client)).toEqual([ids.free]);
    expect(await visibleIds(follower.client)).toEqual([ids.free]);
    expect(await visibleIds(patron.client)).toEqual([ids.free, ids.tier1].sort());
    expect(await download(patron.client, path('tier1'))).toEqual(bytes('tier1'));
    expect(await download(follower.client, path('free'))).toEqual(bytes('free'));
    expect(await download(stranger.client, path('free'))).toEqual(bytes('free'));
    expect(await download(artist.client, path('tier3'))).toEqual(bytes('tier3'));
    expect(await download(artist.client, path('draft'))).toEqual(bytes('draft'));
  });

  it('below the tier: no row, no object, no signed URL, no raw GET', async () => {
    const cases: [Actor, keyof typeof ids][] = [[stranger, 'tier1'], [stranger, 'tier3'], [stranger, 'draft'], [follower, 'tier1'], [patron, 'tier3'], [patron, 'draft']];
    for (const [who, k] of cases) {
      const name = `${who === stranger ? 'stranger' : who === follower ? 'follower' : 'patron'} ${k}`;
      await log.refused(`${name}: reads row`, () => who.client.from('content_items').select('*').eq('id', ids[k]));
      await log.refused(`${name}: downloads object`, () => who.client.storage.from('content').download(path(k)));
      await log.refused(`${name}: signs URL`, () => who.client.storage.from('content').createSignedUrl(path(k), 60));
      await log.refused(`${name}: raw GET`, async () => {
        const r = await fetch(`${backend.url}/storage/v1/object/content/${path(k)}`, {
          headers: { Authorization: `Bearer ${who.accessToken}`, apikey: backend.anonKey },
        });
        return { error: r.ok ? null : r.status, data: r.ok ? await r.text() : null };
      });
    }
    await log.refused('anon reads content previews', () => anonClient(backend).from('content_previews').select('*'));
  });

  it('a locked row shows only its public fields, in content_previews', async () => {
    expect((await artist.client.from('profiles').upsert({ id: artist.user.id, display_name: 'Nova Lane' })).error).toBeNull();
    const r = await stranger.client.from('content_previews').select('*').eq('id', ids.tier3).single();
    expect(r.error).toBeNull();
    expect(Object.keys(r.data!).sort()).toEqual(
      ['_deleted', '_modified', '_txid', 'artist_id', 'artist_name', 'created_at', 'file_type', 'id', 'is_public', 'subscription_tier_required', 'title', 'unlock_date', 'updated_at'],
    );
    expect(r.data).toMatchObject({ title: 'Song tier3', artist_name: 'Nova Lane', subscription_tier_required: 'tier3', is_public: true });
    expect((await artist.client.from('profiles').update({ display_name: 'Nova' }).eq('id', artist.user.id)).error).toBeNull();
    const renamed = await stranger.client.from('content_previews').select('artist_name, _modified').eq('id', ids.tier3).single();
    expect(renamed.data!.artist_name).toBe('Nova');
    expect(renamed.data!._modified > r.data!._modified).toBe(true); // pulls deliver the rename
    await log.refused('stranger writes a preview', () => stranger.client.from('content_previews').update({ subscription_tier_required: 'free' }).eq('id', ids.tier3).select());
    await log.refused('stranger inserts a preview', () => stranger.client.from('content_previews').insert({ id: crypto.randomUUID(), artist_id: artist.user.id, title: 'x', subscription_tier_required: 'free', is_public: true, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).select());
  });

  it('sync_push tricks: no paid tier, no lowering the item, no server row handed back', async () => {
    await log.refused('stranger pushes a tier3 subscription', () =>
      pushAttack(stranger.client, 'subscriptions', [{ new: { fan_id: stranger.user.id, artist_id: artist.user.id, tier: 'tier3' }, assumed: null }]));
    const cur = (await backend.query('select _modified from public.content_items where id = $1', [ids.tier3])).rows[0] as { _modified: Date };
    await log.refused('stranger pushes the tier3 item as free', () =>
      pushAttack(stranger.client, 'content_items', [{ new: { id: ids.tier3, subscription_tier_required: 'free' }, assumed: { _modified: cur._modified } }]));
    await log.refused('stranger pushes the tier3 item with a stale checkpoint (conflict leak)', () =>
      pushAttack(stranger.client, 'content_items', [{ new: { id: ids.tier3, title: 'x' }, assumed: { _modified: '2000-01-01T00:00:00Z' } }]));
    await log.refused('follower pushes own free follow up to tier3', async () => {
      const id = `${follower.user.id}|${artist.user.id}`;
      const s = (await backend.query('select _modified from public.subscriptions where id = $1', [id])).rows[0] as { _modified: Date };
      return pushAttack(follower.client, 'subscriptions', [{ new: { id, tier: 'tier3' }, assumed: { _modified: s._modified } }]);
    });
    expect(await visibleIds(stranger.client)).toEqual([ids.free]);
    expect(await visibleIds(follower.client)).toEqual([ids.free]);
  });

  it('an unlock date passing or a tier rising opens the item; a soft-deleted item closes its object', async () => {
    await backend.query("update public.content_items set unlock_date = now() - interval '1 minute' where id = $1", [ids.draft]);
    expect(await download(stranger.client, path('draft'))).toEqual(bytes('draft'));
    await backend.query("update public.subscriptions set tier = 'tier3', price = 20 where fan_id = $1", [follower.user.id]);
    expect(await visibleIds(follower.client)).toEqual(Object.values(ids).sort());
    expect(await download(follower.client, path('tier3'))).toEqual(bytes('tier3'));
    await backend.query('update public.content_items set _deleted = true where id = $1', [ids.draft]);
    await log.refused('stranger downloads a deleted item', () => stranger.client.storage.from('content').download(path('draft')));
  });
});

describe('object references tied to their owner', () => {
  it('a rival artist cannot publish a row pointing into the artist’s folder', async () => {
    const planted = (fp: string) => ({ id: crypto.randomUUID(), artist_id: rival.user.id, title: 'mine now', file_path: fp, is_public: true });
    await log.refused('rival inserts a public row on artist’s object', () => rival.client.from('content_items').insert(planted(path('tier1'))).select());
    await log.refused('rival inserts a row via bucket-prefixed path', () => rival.client.from('content_items').insert(planted(`content/${path('tier1')}`)).select());
    await log.refused('rival inserts a row via ../ path', () => rival.client.from('content_items').insert(planted(`${rival.user.id}/../${path('tier1')}`)).select());
    await log.refused('rival sync_pushes a row on artist’s object', () => pushAttack(rival.client, 'content_items', [{ new: planted(path('tier1')), assumed: null }]));
    const [own] = await withStoredObjects(rival.client, [planted(`${rival.user.id}/own.mp3`)]);
    expect((await rival.client.from('content_items').insert(own!)).error).toBeNull();
    await log.refused('rival repoints own row at artist’s object', () => rival.client.from('content_items').update({ file_path: path('tier1') }).eq('id', own!.id).select());
    await log.refused('rival moves own row to the artist', () => rival.client.from('content_items').update({ artist_id: artist.user.id }).eq('id', own!.id).select());
    for (const who of [stranger, rival]) {
      await log.refused('download of artist’s tier1 object after the plant', () => who.client.storage.from('content').download(path('tier1')));
    }
  });

  it('a legacy row pointing into another folder vouches for nothing', async () => {
    // Written behind the API's back (as a pre-fix row would be): public, rival's, naming artist's object.
    await backend.query(
      `insert into public.content_items (artist_id, title, file_path, is_public) values ($1, 'legacy', $2, true)`,
      [rival.user.id, path('tier1')],
    );
    await log.refused('stranger downloads through a legacy cross-folder row', () => stranger.client.storage.from('content').download(path('tier1')));
    await log.refused('stranger signs through a legacy cross-folder row', () => stranger.client.storage.from('content').createSignedUrl(path('tier1'), 60));
  });
});
