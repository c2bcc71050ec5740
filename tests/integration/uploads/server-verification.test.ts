/**
 * uploads are verified by the server, whatever the client. Attacks through the
 * real local backend with supabase-js, as the artist and as a follower: a Linux program stored as
 * `audio/mpeg` and published is never visible, playable or downloadable; a client cannot mark a
 * row verified itself; a verified file cannot be swapped afterwards; a real MP3 passes.
 */
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type LocalBackend } from '../../../supabase/local';
import { elfExecutable, mp3File } from '../../fixtures/media-samples';
import { createArtistClient, createUserClient, uniqueEmail } from '../helpers/backend';
import { verifyUpload } from '../../fixtures/stored-objects';
import { metadataFor, nodeOutbox, outboxBackend } from './helpers';
import { appClient, mediaidToken, supabaseAppToken } from '../mediaid-api/helpers';

let backend: LocalBackend;
let artist: SupabaseClient;
let artistId: string;
let artistUser: User;
let fan: SupabaseClient;

beforeAll(async () => {
  backend = await startLocalBackend({ port: 0, quiet: true });
  const a = await createArtistClient(backend, uniqueEmail('verify-artist'), 'artist-pass');
  artist = a.client;
  artistId = a.user.id;
  artistUser = a.user;
  const f = await createUserClient(backend, uniqueEmail('verify-fan'), 'fan-pass');
  fan = f.client;
  const follow = await fan
    .from('subscriptions')
    .insert({ fan_id: f.user.id, artist_id: artistId, artist_name: 'Artist' });
  if (follow.error) throw new Error(follow.error.message);
});

afterAll(async () => {
  await backend?.stop();
});

async function store(name: string, bytes: Uint8Array, type: string): Promise<string> {
  const path = `${artistId}/${Date.now()}-${name}`;
  const r = await artist.storage
    .from('content')
    .upload(path, new Blob([bytes as BlobPart], { type }), { contentType: type });
  if (r.error) throw new Error(r.error.message);
  return path;
}

async function publish(path: string, size: number, extra: Record<string, unknown> = {}): Promise<string> {
  const id = crypto.randomUUID();
  const r = await artist.from('content_items').insert({
    id,
    artist_id: artistId,
    title: `Track ${id.slice(0, 6)}`,
    file_path: path,
    file_type: 'audio/mpeg',
    file_size: size,
    is_public: true,
    ...extra,
  });
  if (r.error) throw new Error(r.error.message);
  return id;
}

async function fanSees(id: string, path: string) {
  const row = await fan.from('content_items').select('id').eq('id', id);
  const preview = await fan.from('content_previews').select('id,title').eq('id', id).eq('_deleted', false);
  const download = await fan.storage.from('content').download(path);
  return { row: row.data?.length ?? 0, preview: preview.data?.length ?? 0, download: download.error === null };
}

describe('uploads are verified by the server', () => {
  it('a Linux program stored as audio/mpeg and published is refused and never reaches a follower', async () => {
    const elf = elfExecutable();
    const path = await store('Hit Single.mp3', elf, 'audio/mpeg');
    const verdict = await verifyUpload(artist, path);
    expect(verdict.status).toBe(422);
    expect(verdict.body.message).toContain('Linux program');
    const id = await publish(path, elf.length);
    expect(await fanSees(id, path)).toEqual({ row: 0, preview: 0, download: false });
    const own = await artist.from('content_items').select('file_verified,file_check').eq('id', id).single();
    expect(own.data).toMatchObject({ file_verified: false });
    expect(own.data?.file_check).toContain('Linux program');
  });

  it('a row published without any check (a client that never asks) stays invisible', async () => {
    const elf = elfExecutable();
    const path = await store('Never Checked.mp3', elf, 'audio/mpeg');
    const id = await publish(path, elf.length);
    expect(await fanSees(id, path)).toEqual({ row: 0, preview: 0, download: false });
  });

  it('a client cannot mark its own row verified', async () => {
    const elf = elfExecutable();
    const path = await store('Forged.mp3', elf, 'audio/mpeg');
    const id = await publish(path, elf.length, { file_verified: true, file_check: 'ok' });
    await artist.from('content_items').update({ file_verified: true }).eq('id', id);
    const own = await artist.from('content_items').select('file_verified').eq('id', id).single();
    expect(own.data?.file_verified).toBe(false);
    expect(await fanSees(id, path)).toEqual({ row: 0, preview: 0, download: false });
  });

  it('a real MP3 passes, is released to followers, and cannot be swapped for a program afterwards', async () => {
    const mp3 = mp3File(40);
    const path = await store('Real.mp3', mp3, 'audio/mpeg');
    const verdict = await verifyUpload(artist, path);
    expect(verdict).toMatchObject({ status: 200, body: { ok: true, mime: 'audio/mpeg' } });
    const id = await publish(path, mp3.length);
    expect(await fanSees(id, path)).toEqual({ row: 1, preview: 1, download: true });

    const swap = await artist.storage
      .from('content')
      .upload(path, new Blob([elfExecutable() as BlobPart], { type: 'audio/mpeg' }), {
        contentType: 'audio/mpeg',
        upsert: true,
      });
    expect(swap.error).not.toBeNull();
    const removed = await artist.storage.from('content').remove([path]);
    expect(removed.data ?? []).toHaveLength(0);
    const downloaded = await fan.storage.from('content').download(path);
    expect(new Uint8Array(await downloaded.data!.arrayBuffer())).toEqual(mp3);
  });

  it('an object verified, then overwritten before its row is written, is not verified', async () => {
    const mp3 = mp3File(20);
    const path = await store('Swapped.mp3', mp3, 'audio/mpeg');
    expect((await verifyUpload(artist, path)).status).toBe(200);
    const elf = new Uint8Array(mp3.length);
    elf.set(elfExecutable().slice(0, mp3.length));
    const swap = await artist.storage
      .from('content')
      .upload(path, new Blob([elf as BlobPart], { type: 'audio/mpeg' }), { contentType: 'audio/mpeg', upsert: true });
    expect(swap.error).toBeNull();
    const id = await publish(path, elf.length);
    expect(await fanSees(id, path)).toEqual({ row: 0, preview: 0, download: false });
  });

  it('the outbox (every upload path) stops a program at the server check: error with its message, no row', async () => {
    const api = outboxBackend(artist, backend.url, backend.anonKey);
    const { outbox, db } = nodeOutbox({ userId: artistId, backend: api });
    const elf = elfExecutable();
    const result = await outbox.enqueue([
      {
        file: new Blob([elf as BlobPart], { type: 'audio/mpeg' }),
        name: 'Hit Single.mp3',
        type: 'audio/mpeg',
        metadata: metadataFor('Hit Single', { isPublic: true }),
      },
      { file: new Blob([]), name: 'Empty.mp3', type: 'audio/mpeg', metadata: metadataFor('Empty', { isPublic: true }) },
    ]);
    expect(result.refused).toEqual([
      { name: 'Empty.mp3', message: 'Empty.mp3 is empty (0 bytes), so there is nothing to upload.' },
    ]);
    await outbox.start();
    await outbox.whenIdle();
    const [entry] = await outbox.list();
    expect(entry).toMatchObject({ status: 'error' });
    expect(entry?.lastError).toContain('The server refused this file: its content is a Linux program.');
    const rows = await artist.from('content_items').select('id').eq('id', entry!.contentItemId);
    expect(rows.data).toEqual([]);
    await outbox.stop();
    await db.delete();
  });

  it('only the artist may ask, and only for their own folder', async () => {
    const path = await store('Mine.mp3', mp3File(5), 'audio/mpeg');
    expect((await verifyUpload(fan, path)).status).toBe(403);
  });

  it("an app's token cannot ask for the artist: a Supabase OAuth token is app_token, a MediaID token no user", async () => {
    const path = await store('ViaApp.mp3', mp3File(5), 'audio/mpeg');
    const clientId = crypto.randomUUID();
    const oauth = await verifyUpload(appClient(backend, await supabaseAppToken(backend, artistUser, clientId)), path);
    expect(oauth).toMatchObject({ status: 403, body: { error: 'app_token' } });
    const mediaid = await verifyUpload(appClient(backend, await mediaidToken(backend, artistUser, clientId)), path);
    expect(mediaid.status).toBe(401);
    const checks = await backend.query('select count(*)::int as n from private.upload_checks where name = $1', [path]);
    expect(checks.rows[0].n).toBe(0);
  });

  it('checking needs the service role to record: the RPC is closed to users', async () => {
    const r = await artist.rpc('record_upload_check', {
      p_name: `${artistId}/x.mp3`,
      p_version: '',
      p_ok: true,
      p_mime: 'audio/mpeg',
      p_size: 1,
      p_note: 'forged',
    });
    expect(r.error).not.toBeNull();
  });
});
