/**
 * A signed download URL is a bearer permission that outlives the policy check that minted it
 * (a fan who unfollows keeps it). Issue 30, point 7: a fan could mint one for ten years. The
 * local backend caps `expiresIn` (setting `signedUrlMaxExpirySeconds`, default 7 days) and
 * refuses more the way Supabase Storage refuses an out-of-range expiresIn
 * (src/internal/auth/jwt.ts assertValidNumericJWTExpiration → ERRORS.InvalidParameter):
 * 400 `{statusCode: "400", code/error: "InvalidParameter", message: "Invalid Parameter expiresIn…"}`,
 * nothing signed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtistClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

const TEN_YEARS = 10 * 365 * 24 * 3600;
const WEEK = 7 * 24 * 3600;

type Artist = Awaited<ReturnType<typeof createArtistClient>>;
let backend: LocalBackend;
let short: LocalBackend;
let a: Artist;
let path: string;

beforeAll(async () => {
  backend = await withBackend();
  a = await createArtistClient(backend, uniqueEmail('signexp'), 'sign-exp-pass');
  path = `${a.user.id}/track.mp3`;
  expect((await a.client.storage.from('content').upload(path, Buffer.from('ID3 audio'), { contentType: 'audio/mpeg' })).error).toBeNull();
  short = await withBackend({ signedUrlMaxExpirySeconds: 120 });
});
afterAll(async () => {
  await backend.stop();
  await short.stop();
});

async function sign(b: LocalBackend, token: string, bucketPath: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> | unknown[] }> {
  const r = await fetch(`${b.url}/storage/v1/object/sign/${bucketPath}`, {
    method: 'POST',
    headers: { apikey: b.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

/** Lifetime in seconds of the token inside a signed URL. */
function lifetime(signedUrl: string): number {
  const token = new URL(signedUrl, 'http://x').searchParams.get('token')!;
  const { iat, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number };
  return exp - iat;
}

describe('signed URL lifetime cap', () => {
  it('refuses a ten-year signed URL in Supabase Storage shape, signing nothing', async () => {
    const one = await sign(backend, a.accessToken, `content/${path}`, { expiresIn: TEN_YEARS });
    expect(one.status).toBe(400);
    expect(one.json).toMatchObject({ statusCode: '400', code: 'InvalidParameter', error: 'InvalidParameter' });
    expect(String((one.json as Record<string, unknown>).message)).toMatch(/^Invalid Parameter expiresIn/);
    expect(JSON.stringify(one.json)).not.toContain('token=');

    const many = await sign(backend, a.accessToken, 'content', { expiresIn: TEN_YEARS, paths: [path] });
    expect(many.status).toBe(400);
    expect(many.json).toMatchObject({ code: 'InvalidParameter' });
    expect(JSON.stringify(many.json)).not.toContain('token=');

    const viaClient = await a.client.storage.from('content').createSignedUrl(path, TEN_YEARS);
    expect(viaClient.data).toBeNull();
    expect(viaClient.error?.message).toMatch(/^Invalid Parameter expiresIn/);
    const bulk = await a.client.storage.from('content').createSignedUrls([path], WEEK + 1);
    expect(bulk.data).toBeNull();
    expect(bulk.error).not.toBeNull();
  });

  it('signs up to the default cap of 7 days, and the URL works', async () => {
    const ok = await a.client.storage.from('content').createSignedUrl(path, WEEK);
    expect(ok.error).toBeNull();
    expect(lifetime(ok.data!.signedUrl)).toBe(WEEK);
    const got = await fetch(ok.data!.signedUrl);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('ID3 audio');
    const hour = await a.client.storage.from('content').createSignedUrls([path], 3600);
    expect(hour.error).toBeNull();
    expect(lifetime(hour.data![0]!.signedUrl!)).toBe(3600);
  });

  it('takes the cap from the backend setting', async () => {
    const artist = await createArtistClient(short, uniqueEmail('signexp-short'), 'sign-exp-pass');
    const p = `${artist.user.id}/a.mp3`;
    expect((await artist.client.storage.from('content').upload(p, Buffer.from('ID3'), { contentType: 'audio/mpeg' })).error).toBeNull();
    const over = await artist.client.storage.from('content').createSignedUrl(p, 121);
    expect(over.data).toBeNull();
    expect(over.error?.message).toMatch(/^Invalid Parameter expiresIn/);
    const at = await artist.client.storage.from('content').createSignedUrl(p, 120);
    expect(at.error).toBeNull();
    expect(lifetime(at.data!.signedUrl)).toBe(120);
  });
});
