/**
 * Server-side upload checks (issue 31 "Honest uploads"; migration 20261127300000_upload_checks):
 * a client that skips the Upload Manager's content check still cannot publish a content_items row
 * that points at nothing, at an empty object, at another artist's object, or that lies about the
 * stored size or type, neither through the REST API nor through sync_push (the outbox's path).
 * The bucket itself accepts any MIME type; the row check decides what can be published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createArtistClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { wavFile } from '../../fixtures/media-samples';

type Actor = { client: SupabaseClient; user: User };
let backend: LocalBackend;
let artist: Actor;
let rival: Actor;
const wav = wavFile(0.5);
const paths = { good: '', empty: '', rival: '' };

function row(patch: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    artist_id: artist.user.id,
    title: 'Take',
    file_path: paths.good,
    file_type: 'audio/wav',
    file_size: wav.length,
    metadata: {},
    is_public: true,
    ...patch,
  };
}

async function upload(actor: Actor, path: string, bytes: Uint8Array, contentType: string) {
  const r = await actor.client.storage
    .from('content')
    .upload(path, new Blob([bytes as BlobPart], { type: contentType }), { contentType });
  return r;
}

/** Refused with this message; row-level security (42501) may refuse first where it already covers the case. */
async function refusedInsert(patch: Record<string, unknown>, message: RegExp, orRls = false) {
  const r = await artist.client.from('content_items').insert(row(patch)).select('id');
  expect(r.data).toBeNull();
  if (orRls && r.error?.code === '42501') return;
  expect(r.error?.message).toMatch(message);
  expect(r.error?.code).toBe('23514');
}

beforeAll(async () => {
  backend = await withBackend();
  artist = await createArtistClient(backend, uniqueEmail('artist'), 'artist-pass');
  rival = await createArtistClient(backend, uniqueEmail('rival'), 'rival-pass');
  paths.good = `${artist.user.id}/1-take.wav`;
  paths.empty = `${artist.user.id}/2-empty.mp3`;
  paths.rival = `${rival.user.id}/1-rival.wav`;
  expect((await upload(artist, paths.good, wav, 'audio/wav')).error).toBeNull();
  expect((await upload(artist, paths.empty, new Uint8Array(0), 'audio/mpeg')).error).toBeNull();
  expect((await upload(rival, paths.rival, wav, 'audio/wav')).error).toBeNull();
});
afterAll(async () => {
  await backend?.stop();
});

describe('content_items rows must name a real, non-empty object of their own artist', () => {
  it('a row for a stored object with its true size and type is accepted, and later edits of other fields too', async () => {
    const good = row();
    expect((await artist.client.from('content_items').insert(good)).error).toBeNull();
    const edit = await artist.client
      .from('content_items')
      .update({ title: 'Renamed', is_public: false })
      .eq('id', good.id)
      .select('title');
    expect(edit.error).toBeNull();
    expect(edit.data).toEqual([{ title: 'Renamed' }]);
  });

  it('refuses a row pointing to an object that was never uploaded', async () => {
    await refusedInsert({ file_path: `${artist.user.id}/9-never.mp3` }, /names no stored object/);
  });

  it('refuses a row pointing to an empty (0-byte) object', async () => {
    await refusedInsert({ file_path: paths.empty, file_type: 'audio/mpeg', file_size: 0 }, /empty/);
  });

  it("refuses a row pointing to another artist's object", async () => {
    await refusedInsert({ file_path: paths.rival }, /own folder/, true);
    await refusedInsert({ file_path: `content/${paths.rival}` }, /own folder/, true);
    // Own folder named, but the bytes are the rival's: the object must exist under this exact name.
    await refusedInsert({ file_path: `${artist.user.id}/../${paths.rival}` }, /names no stored object/, true);
  });

  it('refuses a size or type that differs from the stored object', async () => {
    await refusedInsert({ file_size: wav.length + 1 }, /differs from the stored object's size/);
    await refusedInsert({ file_type: 'audio/mpeg' }, /differs from the stored object's type/);
    await refusedInsert({ file_type: 'application/x-msdownload' }, /not an accepted content type/);
  });

  it('refuses repointing an existing row at a missing object (update)', async () => {
    const good = row();
    expect((await artist.client.from('content_items').insert(good)).error).toBeNull();
    const r = await artist.client
      .from('content_items')
      .update({ file_path: `${artist.user.id}/9-gone.mp3` })
      .eq('id', good.id)
      .select('id');
    expect(r.error?.code).toBe('23514');
    const still = await artist.client.from('content_items').select('file_path').eq('id', good.id).single();
    expect(still.data?.file_path).toBe(paths.good);
  });

  it('sync_push (the outbox path) refuses the same rows, row by row', async () => {
    const bad = row({ file_path: `${artist.user.id}/9-never.mp3` });
    const ok = row();
    const r = await artist.client.rpc('sync_push', {
      p_table: 'content_items',
      p_rows: [
        { new: bad, assumed: null },
        { new: ok, assumed: null },
      ],
    });
    expect(r.error).toBeNull();
    const out = r.data as { id: string; error?: { code: string } }[];
    expect(out.find((x) => x.id === bad.id)?.error?.code).toBe('23514');
    expect(out.some((x) => x.id === ok.id)).toBe(false);
    const stored = await artist.client.from('content_items').select('id').in('id', [bad.id, ok.id]);
    expect(stored.data).toEqual([{ id: ok.id }]);
  });
});
