/**
 * /storage/v1 through supabase-js (upload, download, list, signed URL, remove) and TUS
 * resumable uploads through tus-js-client: a 20 MB upload cut off mid-way and resumed from
 * the server's offset (bytes counted by a proxy in front of the backend), refusal at CREATE,
 * 409 without x-upsert, and expired upload URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import * as tus from 'tus-js-client';
import { createArtistClient, createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
beforeAll(async () => {
  backend = await withBackend({ uploadUrlExpiryMs: 60_000 });
});
afterAll(async () => {
  await backend.stop();
});

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('storage objects', () => {
  it('uploads (no overwrite, cache 3600), downloads, lists, signs and removes', async () => {
    const artist = await createArtistClient(backend, uniqueEmail('st'), 'storage-pass');
    const bucket = artist.client.storage.from('content');
    const body = randomBytes(64 * 1024);
    const path = `${artist.user.id}/${Date.now()}-My Song.mp3`;

    const up = await bucket.upload(path, body, { cacheControl: '3600', upsert: false, contentType: 'audio/mpeg' });
    expect(up.error).toBeNull();
    expect(up.data?.path).toBe(path);
    expect(up.data?.fullPath).toBe(`content/${path}`);

    const again = await bucket.upload(path, body, { upsert: false });
    expect(again.error?.message).toBe('The resource already exists');
    expect((again.error as { statusCode?: string } | null)?.statusCode).toBe('409');

    const dl = await bucket.download(path);
    expect(dl.error).toBeNull();
    const bytes = new Uint8Array(await dl.data!.arrayBuffer());
    expect(sha(bytes)).toBe(sha(body));
    expect(dl.data!.type).toBe('audio/mpeg');

    const raw = await fetch(`${backend.url}/storage/v1/object/authenticated/content/${encodeURI(path)}`, { headers: { Authorization: `Bearer ${artist.accessToken}`, apikey: backend.anonKey } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('cache-control')).toBe('max-age=3600');

    await bucket.upload(`${artist.user.id}/a.txt`, Buffer.from('a'), { contentType: 'text/plain' });
    await bucket.upload(`${artist.user.id}/sub/b.txt`, Buffer.from('b'), { contentType: 'text/plain' });
    const list = await bucket.list(artist.user.id);
    expect(list.error).toBeNull();
    expect(list.data?.map((o) => o.name)).toEqual([path.split('/')[1], 'a.txt', 'sub'].sort());
    expect(list.data?.find((o) => o.name === 'sub')?.id).toBeNull();
    const root = await bucket.list();
    expect(root.data?.map((o) => o.name)).toEqual([artist.user.id]);
    const limited = await bucket.list(artist.user.id, { limit: 1, offset: 1 });
    expect(limited.data).toHaveLength(1);

    const signed = await bucket.createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const viaSigned = await fetch(signed.data!.signedUrl);
    expect(viaSigned.status).toBe(200);
    expect(sha(new Uint8Array(await viaSigned.arrayBuffer()))).toBe(sha(body));
    const tampered = await fetch(signed.data!.signedUrl.replace('My%20Song', 'Other'));
    expect(tampered.status).toBe(400);

    const upsert = await bucket.upload(`${artist.user.id}/a.txt`, Buffer.from('A2'), { upsert: true, contentType: 'text/plain' });
    expect(upsert.error).toBeNull();
    expect(await (await bucket.download(`${artist.user.id}/a.txt`)).data!.text()).toBe('A2');

    const removed = await bucket.remove([`${artist.user.id}/a.txt`]);
    expect(removed.data).toHaveLength(1);
    const gone = await bucket.download(`${artist.user.id}/a.txt`);
    expect(gone.error).toBeTruthy();
    const fan = await createUserClient(backend, uniqueEmail('nonartist'), 'fan-pass-1');
    const notArtist = await fan.client.storage.from('content').upload(`${fan.user.id}/x.bin`, Buffer.from('x'));
    expect(notArtist.error?.message).toMatch(/row-level security/);

    const bigBody = Buffer.alloc(51 * 1024 * 1024, 1);
    const big = await fetch(`${backend.url}/storage/v1/object/content/${artist.user.id}/huge.bin`, {
      method: 'POST', headers: { Authorization: `Bearer ${artist.accessToken}`, apikey: backend.anonKey, 'content-type': 'application/octet-stream' }, body: bigBody,
    }).catch(() => null);
    // Supabase Storage: HTTP 400 with the precise status in the body (EntityTooLarge)
    if (big) {
      expect(big.status).toBe(400);
      expect(await big.json()).toMatchObject({ statusCode: '413', error: 'Payload too large', code: 'EntityTooLarge' });
    }
    expect((await backend.query('select count(*)::int as n from storage.objects where name = $1', [`${artist.user.id}/huge.bin`])).rows[0].n).toBe(0);
  });
});

/** A pass-through proxy that counts request-body bytes of PATCH requests. */
async function countingProxy(target: string): Promise<{ url: string; patched: () => number; close: () => Promise<void> }> {
  let patched = 0;
  const t = new URL(target);
  const server = http.createServer((req, res) => {
    const up = http.request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      // like nginx's proxy_redirect: the backend's Location (its configured URL) → this proxy
      if (r.headers.location) r.headers.location = r.headers.location.replace(target.replace(/\/+$/, ''), `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.on('data', (c: Buffer) => {
      if (req.method === 'PATCH') patched += c.length;
    });
    req.on('aborted', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    patched: () => patched,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

describe('TUS resumable uploads', () => {
  const CHUNK = 6 * 1024 * 1024;

  it('resumes a 20 MB upload from the server offset after an interruption', async () => {
    const artist = await createArtistClient(backend, uniqueEmail('tus'), 'tus-pass-1');
    const proxy = await countingProxy(backend.url);
    const file = randomBytes(20 * 1024 * 1024);
    const objectName = `${artist.user.id}/${Date.now()}-big.bin`;
    const common = {
      endpoint: `${proxy.url}/storage/v1/upload/resumable`,
      chunkSize: CHUNK,
      retryDelays: [],
      headers: { authorization: `Bearer ${artist.accessToken}`, apikey: backend.anonKey, 'x-upsert': 'false' },
      metadata: { bucketName: 'content', objectName, contentType: 'application/octet-stream', cacheControl: '3600' },
      uploadDataDuringCreation: false,
      removeFingerprintOnSuccess: true,
    };
    try {
      let uploadUrl = '';
      await new Promise<void>((resolve, reject) => {
        const u = new tus.Upload(file, {
          ...common,
          onError: reject,
          onSuccess: () => reject(new Error('should have been interrupted')),
          onProgress: (sent) => {
            if (sent > CHUNK + 2 * 1024 * 1024 && !uploadUrl) {
              uploadUrl = u.url ?? '';
              void u.abort().then(() => resolve());
            }
          },
        });
        u.start();
      });
      expect(uploadUrl).toMatch(/\/storage\/v1\/upload\/resumable\//);
      const head = await fetch(uploadUrl.replace(proxy.url, backend.url), {
        method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${artist.accessToken}`, apikey: backend.anonKey },
      });
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(CHUNK);
      expect(offset).toBeLessThan(file.length);
      const firstLeg = proxy.patched();

      let resumedFrom = -1;
      await new Promise<void>((resolve, reject) => {
        const u = new tus.Upload(file, {
          ...common,
          uploadUrl,
          onError: reject,
          onSuccess: () => resolve(),
          onProgress: (sent) => {
            if (resumedFrom < 0) resumedFrom = sent;
          },
        });
        u.start();
      });
      // the client resumed from the server's offset (which may have grown past our HEAD
      // while the aborted request's in-flight bytes were still being persisted)
      expect(resumedFrom).toBeGreaterThanOrEqual(offset);
      const total = proxy.patched();
      console.log(`TUS: first leg ${firstLeg} B, resumed at ${resumedFrom} B, total PATCH bytes ${total} B for ${file.length} B`);
      expect(total).toBeLessThan(file.length + CHUNK);
      expect(total - firstLeg).toBe(file.length - resumedFrom);

      const dl = await artist.client.storage.from('content').download(objectName);
      expect(dl.error).toBeNull();
      expect(sha(new Uint8Array(await dl.data!.arrayBuffer()))).toBe(sha(file));

      // same object again without x-upsert → 409 at CREATE
      const dup = await fetch(`${backend.url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: {
          'Tus-Resumable': '1.0.0', 'Upload-Length': '10', authorization: `Bearer ${artist.accessToken}`, apikey: backend.anonKey,
          'Upload-Metadata': `bucketName ${Buffer.from('content').toString('base64')},objectName ${Buffer.from(objectName).toString('base64')}`,
        },
      });
      expect(dup.status).toBe(409);
      expect(await dup.json()).toMatchObject({ statusCode: '409', error: 'Duplicate' });
    } finally {
      await proxy.close();
    }
  });

  it('refuses CREATE outside the caller\'s folder and rejects other users mid-upload', async () => {
    const a = await createArtistClient(backend, uniqueEmail('tusa'), 'tus-pass-a');
    const b = await createArtistClient(backend, uniqueEmail('tusb'), 'tus-pass-b');
    const create = (token: string, name: string) =>
      fetch(`${backend.url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: {
          'Tus-Resumable': '1.0.0', 'Upload-Length': '4', authorization: `Bearer ${token}`, apikey: backend.anonKey,
          'Upload-Metadata': `bucketName ${Buffer.from('content').toString('base64')},objectName ${Buffer.from(name).toString('base64')}`,
        },
      });
    const refused = await create(b.accessToken, `${a.user.id}/evil.bin`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('location')).toBeNull();

    const ok = await create(a.accessToken, `${a.user.id}/mine.bin`);
    expect(ok.status).toBe(201);
    const loc = ok.headers.get('location')!;
    const hijack = await fetch(loc, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', authorization: `Bearer ${b.accessToken}`, apikey: backend.anonKey },
      body: Buffer.from('evil'),
    });
    expect(hijack.status).toBe(403);
    const anon = await fetch(loc, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
    expect(anon.status).toBe(403);
    const finish = await fetch(loc, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', authorization: `Bearer ${a.accessToken}`, apikey: backend.anonKey },
      body: Buffer.from('good'),
    });
    expect(finish.status).toBe(204);
    expect(await (await a.client.storage.from('content').download(`${a.user.id}/mine.bin`)).data!.text()).toBe('good');
  });

  it('expires upload URLs (404/410 afterwards)', async () => {
    const short = await withBackend({ uploadUrlExpiryMs: 1000 });
    try {
      const a = await createArtistClient(short, uniqueEmail('exp'), 'tus-exp-1');
      const created = await fetch(`${short.url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: {
          'Tus-Resumable': '1.0.0', 'Upload-Length': '8', authorization: `Bearer ${a.accessToken}`, apikey: short.anonKey,
          'Upload-Metadata': `bucketName ${Buffer.from('content').toString('base64')},objectName ${Buffer.from(`${a.user.id}/late.bin`).toString('base64')}`,
        },
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('upload-expires')).toBeTruthy();
      const loc = created.headers.get('location')!;
      await new Promise((r) => setTimeout(r, 1500));
      const late = await fetch(loc, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', authorization: `Bearer ${a.accessToken}`, apikey: short.anonKey },
        body: Buffer.from('too late'),
      });
      expect([404, 410]).toContain(late.status);
      const head = await fetch(loc, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${a.accessToken}`, apikey: short.anonKey } });
      expect([404, 410]).toContain(head.status);
      expect((await short.query('select count(*)::int as n from storage.objects')).rows[0].n).toBe(0);
    } finally {
      await short.stop();
    }
  });
});
