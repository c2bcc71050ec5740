/**
 * Storage attack surface through a real client: uploaded HTML/SVG/JS can never run as a
 * document on the API origin (HTML as text/plain like hosted, active types as attachments,
 * `nosniff` and a sandboxing CSP everywhere, `download` honoured); the TUS `Location` comes
 * from the configured public URL, not the Host header; writes on someone else's path give no
 * oracle (same refusal whether or not an object exists there); malformed input gets a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { createArtistClient, createUserClient, serviceClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

const PUBLIC_URL = 'http://storage.bucket.test:8443';
let backend: LocalBackend;
type Artist = Awaited<ReturnType<typeof createArtistClient>>;
let a: Artist;
let b: Artist;

beforeAll(async () => {
  backend = await withBackend({ publicUrl: PUBLIC_URL });
  a = await createArtistClient(backend, uniqueEmail('safea'), 'safety-pass-a');
  b = await createArtistClient(backend, uniqueEmail('safeb'), 'safety-pass-b');
  const admin = serviceClient(backend);
  expect((await admin.storage.createBucket('site', { public: true })).error).toBeNull();
});
afterAll(async () => {
  await backend.stop();
});

const SCRIPT = '<html><body><script>fetch("/auth/v1/user")</script></body></html>';

describe('risky content types', () => {
  it('serves uploaded HTML as text/plain with nosniff and a sandboxing CSP (public, authenticated, signed)', async () => {
    const admin = serviceClient(backend);
    await admin.storage.from('site').upload('evil.html', Buffer.from(SCRIPT), { contentType: 'text/html; charset=utf-8' });
    const path = `${a.user.id}/evil.html`;
    expect((await a.client.storage.from('content').upload(path, Buffer.from(SCRIPT), { contentType: 'text/html' })).error).toBeNull();
    const signed = (await a.client.storage.from('content').createSignedUrl(path, 60)).data!.signedUrl;
    const responses = [
      await fetch(admin.storage.from('site').getPublicUrl('evil.html').data.publicUrl),
      await fetch(`${backend.url}/storage/v1/object/authenticated/content/${path}`, { headers: { Authorization: `Bearer ${a.accessToken}`, apikey: backend.anonKey } }),
      await fetch(signed),
    ];
    for (const r of responses) {
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/plain');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
      expect(await r.text()).toBe(SCRIPT);
    }
  });

  it('serves SVG, XML and JavaScript as attachments, keeps media inline, and honours download', async () => {
    const admin = serviceClient(backend);
    const bucket = admin.storage.from('site');
    const files: [string, string][] = [
      ['logo.svg', 'image/svg+xml'],
      ['feed.xml', 'application/xml'],
      ['app.js', 'text/javascript'],
      ['song.mp3', 'audio/mpeg'],
      ['cover.png', 'image/png'],
    ];
    for (const [name, type] of files) expect((await bucket.upload(name, Buffer.from('<svg onload="alert(1)"/>'), { contentType: type })).error).toBeNull();
    const head = async (name: string, query = '') => (await fetch(bucket.getPublicUrl(name).data.publicUrl + query)).headers;
    for (const name of ['logo.svg', 'feed.xml', 'app.js']) {
      const h = await head(name);
      expect(h.get('content-disposition'), name).toBe(`attachment; filename=${name}; filename*=UTF-8''${name}`);
      expect(h.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await head('logo.svg')).get('content-type')).toBe('image/svg+xml');
    expect((await head('song.mp3')).get('content-disposition')).toBeNull();
    expect((await head('cover.png')).get('content-disposition')).toBeNull();
    expect((await head('song.mp3')).get('content-security-policy')).toMatch(/sandbox/);

    const named = await fetch(bucket.getPublicUrl('song.mp3', { download: 'My Song.mp3' }).data.publicUrl);
    expect(named.headers.get('content-disposition')).toBe("attachment; filename=My%20Song.mp3; filename*=UTF-8''My%20Song.mp3");
    expect((await head('song.mp3', '?download')).get('content-disposition')).toBe('attachment;');
    const path = `${a.user.id}/dl.mp3`;
    await a.client.storage.from('content').upload(path, Buffer.from('x'), { contentType: 'audio/mpeg' });
    const signed = await a.client.storage.from('content').createSignedUrl(path, 60, { download: true });
    const viaSigned = await fetch(signed.data!.signedUrl);
    expect(viaSigned.headers.get('content-disposition')).toBe('attachment;');
    expect(viaSigned.headers.get('expires')).toBeTruthy();
  });
});

/** A raw request with a forged Host header (fetch would not let us set it). */
function rawRequest(path: string, method: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const u = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const tusMetadata = (bucket: string, name: string) =>
  `bucketName ${Buffer.from(bucket).toString('base64')},objectName ${Buffer.from(name).toString('base64')}`;

describe('TUS Location', () => {
  it('is built from the configured public URL, whatever Host the request names', async () => {
    const r = await rawRequest('/storage/v1/upload/resumable', 'POST', {
      Host: 'attacker.example:666', 'X-Forwarded-Host': 'attacker.example', 'Tus-Resumable': '1.0.0', 'Upload-Length': '4',
      authorization: `Bearer ${a.accessToken}`, apikey: backend.anonKey, 'Upload-Metadata': tusMetadata('content', `${a.user.id}/loc.bin`),
    });
    expect(r.status).toBe(201);
    expect(r.headers.location).toMatch(new RegExp(`^${PUBLIC_URL}/storage/v1/upload/resumable/[A-Za-z0-9_-]+$`));
  });
});

describe('no oracle for object names on someone else\'s path', () => {
  let existing: string;
  let absent: string;
  beforeAll(async () => {
    existing = `${a.user.id}/private/unreleased.mp3`;
    absent = `${a.user.id}/private/nothing-here.mp3`;
    expect((await a.client.storage.from('content').upload(existing, Buffer.from('secret'), { contentType: 'audio/mpeg' })).error).toBeNull();
  });

  const tusCreate = async (token: string, name: string, upsert: boolean) => {
    const r = await fetch(`${backend.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '4', authorization: `Bearer ${token}`, apikey: backend.anonKey, 'x-upsert': String(upsert), 'Upload-Metadata': tusMetadata('content', name) },
    });
    return { status: r.status, body: await r.text(), location: r.headers.get('location') };
  };

  it('a TUS create answers the same refusal whether or not the object exists', async () => {
    const fan = await createUserClient(backend, uniqueEmail('probe'), 'probe-pass-1');
    for (const token of [b.accessToken, fan.accessToken]) {
      for (const upsert of [false, true]) {
        const onExisting = await tusCreate(token, existing, upsert);
        const onAbsent = await tusCreate(token, absent, upsert);
        expect(onExisting).toEqual(onAbsent);
        expect(onExisting.status).toBe(403);
        expect(onExisting.location).toBeNull();
      }
    }
    // the owner still learns about their own duplicates
    expect((await tusCreate(a.accessToken, existing, false)).status).toBe(409);
  });

  it('standard uploads, signed upload URLs and copies answer the same too', async () => {
    const other = b.client.storage.from('content');
    const same = async (op: (name: string) => Promise<{ error: unknown }>) => {
      const x = (await op(existing)).error as { statusCode?: string; message?: string };
      const y = (await op(absent)).error as { statusCode?: string; message?: string };
      expect({ statusCode: x.statusCode, message: x.message }).toEqual({ statusCode: y.statusCode, message: y.message });
      expect(x.statusCode).toBe('403');
    };
    await same((n) => other.upload(n, Buffer.from('evil'), { contentType: 'audio/mpeg' }));
    await same((n) => other.upload(n, Buffer.from('evil'), { contentType: 'audio/mpeg', upsert: true }));
    await same((n) => other.update(n, Buffer.from('evil'), { contentType: 'audio/mpeg' }));
    await same((n) => other.createSignedUploadUrl(n));
    await other.upload(`${b.user.id}/mine.mp3`, Buffer.from('b'), { contentType: 'audio/mpeg' });
    await same((n) => other.copy(`${b.user.id}/mine.mp3`, n));
    await same((n) => other.move(`${b.user.id}/mine.mp3`, n));
    expect(await (await a.client.storage.from('content').download(existing)).data!.text()).toBe('secret');
  });
});

describe('malformed input', () => {
  const headers = () => ({ Authorization: `Bearer ${a.accessToken}`, apikey: backend.anonKey, 'content-type': 'application/json' });
  it('answers clean 400s in Storage shape', async () => {
    const cases: [string, string, string | undefined][] = [
      ['GET', '/storage/v1/object/content/%E0%A4%A', undefined],
      ['POST', '/storage/v1/object/list/content', '{"prefix":'],
      ['POST', '/storage/v1/object/list/content', '[1,2]'],
      ['POST', '/storage/v1/object/list/content', '{"prefix":"","limit":0}'],
      ['POST', '/storage/v1/object/list/content', '{"prefix":"","sortBy":{"column":"size"}}'],
      ['POST', `/storage/v1/object/sign/content/${a.user.id}/x.mp3`, '{"expiresIn":"soon"}'],
      ['DELETE', '/storage/v1/object/content', '{"prefixes":"all"}'],
      ['POST', '/storage/v1/object/move', '{"bucketId":"content"}'],
      ['POST', `/storage/v1/object/content/${a.user.id}/bad%00name.mp3`, 'x'],
      ['GET', `/storage/v1/object/sign/content/${a.user.id}/x.mp3?token=not-a-jwt`, undefined],
    ];
    for (const [method, path, body] of cases) {
      const r = await fetch(`${backend.url}${path}`, { method, headers: headers(), body });
      expect(r.status, `${method} ${path}`).toBe(400);
      const json = (await r.json()) as { statusCode: string; error: string; message: string };
      expect(json.statusCode, `${method} ${path}`).toMatch(/^4\d\d$/);
      expect(typeof json.error).toBe('string');
      expect(json.message).not.toMatch(/at .*\.ts:\d+|TypeError|URIError/);
    }
  });
});
