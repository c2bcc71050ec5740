/**
 * HTTP Range on object downloads through a real fetch, as Supabase Storage serves them (what
 * an <audio> element needs to seek before the file is down): `Accept-Ranges: bytes` always;
 * `bytes=a-b`, `bytes=a-` and `bytes=-n` answer 206 with Content-Range and exactly those
 * bytes; a range past the end or malformed answers 416 with `Content-Range: bytes * /size` —
 * on public, authenticated and signed-URL downloads alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createArtistClient, serviceClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
const body = randomBytes(1000);
const urls: Record<string, { url: string; headers: Record<string, string> }> = {};

beforeAll(async () => {
  backend = await withBackend();
  const admin = serviceClient(backend);
  expect((await admin.storage.createBucket('media', { public: true })).error).toBeNull();
  expect((await admin.storage.from('media').upload('clip.mp3', body, { contentType: 'audio/mpeg' })).error).toBeNull();
  urls.public = { url: admin.storage.from('media').getPublicUrl('clip.mp3').data.publicUrl, headers: {} };

  const artist = await createArtistClient(backend, uniqueEmail('range'), 'range-pass-1');
  const path = `${artist.user.id}/track.mp3`;
  expect((await artist.client.storage.from('content').upload(path, body, { contentType: 'audio/mpeg' })).error).toBeNull();
  urls.authenticated = {
    url: `${backend.url}/storage/v1/object/authenticated/content/${path}`,
    headers: { Authorization: `Bearer ${artist.accessToken}`, apikey: backend.anonKey },
  };
  const signed = await artist.client.storage.from('content').createSignedUrl(path, 600);
  urls.signed = { url: signed.data!.signedUrl, headers: {} };
});
afterAll(async () => {
  await backend.stop();
});

const get = (kind: string, range?: string) =>
  fetch(urls[kind]!.url, { headers: { ...urls[kind]!.headers, ...(range ? { Range: range } : {}) } });

describe.each(['public', 'authenticated', 'signed'])('%s download', (kind) => {
  it('answers 200 with Accept-Ranges: bytes without a Range header', async () => {
    const r = await get(kind);
    expect(r.status).toBe(200);
    expect(r.headers.get('accept-ranges')).toBe('bytes');
    expect(r.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await r.arrayBuffer()).equals(body)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-100', 900, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=500-500', 500, 500],
  ])('%s → 206 with exactly those bytes', async (range, from, to) => {
    const r = await get(kind, range);
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe(`bytes ${from}-${to}/1000`);
    expect(r.headers.get('content-length')).toBe(String(to - from + 1));
    expect(r.headers.get('accept-ranges')).toBe('bytes');
    expect(r.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await r.arrayBuffer()).equals(body.subarray(from, to + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=5-2', 'bytes=-0', 'bytes=0-1,5-6', 'items=0-5', 'bytes=abc'])('%s → 416 in Storage shape', async (range) => {
    const r = await get(kind, range);
    expect(r.status).toBe(416);
    expect(r.headers.get('content-range')).toBe('bytes */1000');
    expect(await r.json()).toMatchObject({ statusCode: '416', error: 'invalid_range', code: 'InvalidRange', message: 'invalid range provided' });
  });
});

it('lets a client read a file in chunks that add up to the whole', async () => {
  const parts: Buffer[] = [];
  for (let start = 0; start < 1000; start += 300) {
    const r = await get('signed', `bytes=${start}-${Math.min(start + 299, 999)}`);
    expect(r.status).toBe(206);
    parts.push(Buffer.from(await r.arrayBuffer()));
  }
  expect(Buffer.concat(parts).equals(body)).toBe(true);
});
