/**
 * Storage buckets through supabase-js: create/get/list/update/empty/delete with Supabase's
 * shapes, `file_size_limit` and `allowed_mime_types` enforced on standard, signed and TUS
 * uploads, refusals for authenticated users (no bucket policy), and Storage-shaped answers
 * for unknown (404 "Route … not found") and unimplemented (501 naming the feature) routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserClient, serviceClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import type { SupabaseClient } from '@supabase/supabase-js';

let backend: LocalBackend;
let admin: SupabaseClient;
beforeAll(async () => {
  backend = await withBackend();
  admin = serviceClient(backend);
});
afterAll(async () => {
  await backend.stop();
});

const statusOf = (e: unknown) => (e as { statusCode?: string } | null)?.statusCode;
const bucketRow = async (id: string) => (await backend.query('select * from storage.buckets where id = $1', [id])).rows[0];

describe('bucket lifecycle (service role)', () => {
  it('creates, reads, lists, updates, refuses deleting a non-empty bucket, empties and deletes', async () => {
    const created = await admin.storage.createBucket('avatars', { public: false, fileSizeLimit: '1KB', allowedMimeTypes: ['image/png', 'audio/*'] });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name: 'avatars' });
    expect(await bucketRow('avatars')).toMatchObject({ id: 'avatars', name: 'avatars', public: false, allowed_mime_types: ['image/png', 'audio/*'] });
    expect(Number((await bucketRow('avatars')).file_size_limit)).toBe(1000);

    const again = await admin.storage.createBucket('avatars');
    expect(statusOf(again.error)).toBe('409');
    expect(again.error?.message).toBe('The resource already exists');

    const got = await admin.storage.getBucket('avatars');
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ id: 'avatars', name: 'avatars', public: false, allowed_mime_types: ['image/png', 'audio/*'] });
    expect(Number(got.data!.file_size_limit)).toBe(1000);

    const listed = await admin.storage.listBuckets();
    expect(listed.data?.map((b) => b.id)).toEqual(expect.arrayContaining(['avatars', 'content']));
    const searched = await admin.storage.listBuckets({ search: 'avat', limit: 5 });
    expect(searched.data?.map((b) => b.id)).toEqual(['avatars']);

    const updated = await admin.storage.updateBucket('avatars', { public: true, fileSizeLimit: 2000 });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ message: 'Successfully updated' });
    expect(await bucketRow('avatars')).toMatchObject({ public: true, allowed_mime_types: ['image/png', 'audio/*'] });
    expect(Number((await bucketRow('avatars')).file_size_limit)).toBe(2000);

    const up = await admin.storage.from('avatars').upload('a/b.png', Buffer.alloc(10), { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const notEmpty = await admin.storage.deleteBucket('avatars');
    expect(statusOf(notEmpty.error)).toBe('409');
    expect(notEmpty.error?.message).toBe('The bucket you tried to delete is not empty');
    expect(await bucketRow('avatars')).toBeTruthy();

    const emptied = await admin.storage.emptyBucket('avatars');
    expect(emptied.error).toBeNull();
    expect((await backend.query("select count(*)::int as n from storage.objects where bucket_id = 'avatars'")).rows[0].n).toBe(0);
    const deleted = await admin.storage.deleteBucket('avatars');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual({ message: 'Successfully deleted' });
    expect(await bucketRow('avatars')).toBeUndefined();

    const gone = await admin.storage.getBucket('avatars');
    expect(statusOf(gone.error)).toBe('404');
    expect(gone.error?.message).toBe('Bucket not found');
    expect(statusOf((await admin.storage.deleteBucket('avatars')).error)).toBe('404');
    expect(statusOf((await admin.storage.updateBucket('avatars', { public: false })).error)).toBe('404');
  });

  it('validates names, size limits and MIME patterns before writing anything', async () => {
    const before = (await backend.query('select count(*)::int as n from storage.buckets')).rows[0].n;
    const badName = await admin.storage.createBucket('bad/name');
    expect(statusOf(badName.error)).toBe('400');
    expect(badName.error?.message).toBe('Bucket name invalid');
    const badSize = await admin.storage.createBucket('sized', { public: false, fileSizeLimit: 'lots' });
    expect(badSize.error?.message).toMatch(/Invalid file size format/);
    const tooBig = await admin.storage.createBucket('sized', { public: false, fileSizeLimit: '60GB' });
    expect(statusOf(tooBig.error)).toBe('413');
    const badMime = await admin.storage.createBucket('sized', { public: false, allowedMimeTypes: ['not a mime'] });
    expect(statusOf(badMime.error)).toBe('415');
    const noBody = await fetch(`${backend.url}/storage/v1/bucket/content`, {
      method: 'PUT', headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, apikey: backend.serviceRoleKey, 'content-type': 'application/json' }, body: '{}',
    });
    expect(noBody.status).toBe(400);
    const malformed = await fetch(`${backend.url}/storage/v1/bucket`, {
      method: 'POST', headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, apikey: backend.serviceRoleKey, 'content-type': 'application/json' }, body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    expect((await backend.query('select count(*)::int as n from storage.buckets')).rows[0].n).toBe(before);
  });

  it('authenticated users are refused by storage.buckets RLS and cannot empty buckets', async () => {
    const user = await createUserClient(backend, uniqueEmail('bk'), 'bucket-pass-1');
    const create = await user.client.storage.createBucket('mine');
    expect(statusOf(create.error)).toBe('403');
    expect(await bucketRow('mine')).toBeUndefined();
    const update = await user.client.storage.updateBucket('content', { public: true });
    expect(statusOf(update.error)).toBe('403');
    expect((await bucketRow('content')).public).toBe(false);
    const empty = await user.client.storage.emptyBucket('content');
    expect(statusOf(empty.error)).toBe('403');
    expect(empty.error?.message).toBe('Access denied: Invalid role');
    const del = await user.client.storage.deleteBucket('content');
    expect(del.error).toBeTruthy();
    expect(await bucketRow('content')).toBeTruthy();
  });
});

describe('bucket limits on uploads', () => {
  beforeAll(async () => {
    const r = await admin.storage.createBucket('limited', { public: false, fileSizeLimit: 1000, allowedMimeTypes: ['image/png', 'audio/*'] });
    expect(r.error).toBeNull();
  });

  it('refuses too big and wrong MIME with Storage errors on standard and signed uploads', async () => {
    const bucket = admin.storage.from('limited');
    const big = await bucket.upload('big.png', Buffer.alloc(1001), { contentType: 'image/png' });
    expect(statusOf(big.error)).toBe('413');
    expect(big.error?.message).toBe('The object exceeded the maximum allowed size');
    const html = await bucket.upload('page.html', Buffer.from('<b>x</b>'), { contentType: 'text/html' });
    expect(statusOf(html.error)).toBe('415');
    expect(html.error?.message).toBe('mime type text/html is not supported');
    const form = await bucket.upload('form.png', new Blob([new Uint8Array(1200)], { type: 'image/png' }));
    expect(statusOf(form.error)).toBe('413');
    expect((await bucket.upload('ok.mp3', Buffer.alloc(1000), { contentType: 'audio/mpeg' })).error).toBeNull();
    expect((await bucket.upload('ok.png', Buffer.alloc(10), { contentType: 'image/png' })).error).toBeNull();

    const signed = await bucket.createSignedUploadUrl('signed.txt');
    expect(signed.error).toBeNull();
    const viaSigned = await bucket.uploadToSignedUrl('signed.txt', signed.data!.token, Buffer.from('text'), { contentType: 'text/plain' });
    expect(statusOf(viaSigned.error)).toBe('415');
    const names = (await backend.query("select name from storage.objects where bucket_id = 'limited' order by name")).rows.map((r) => r.name);
    expect(names).toEqual(['ok.mp3', 'ok.png']);
  });

  it('refuses a TUS create past the size limit or of a refused type, before any byte', async () => {
    const create = (length: number, contentType: string) =>
      fetch(`${backend.url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: {
          'Tus-Resumable': '1.0.0', 'Upload-Length': String(length), authorization: `Bearer ${backend.serviceRoleKey}`, apikey: backend.serviceRoleKey,
          'Upload-Metadata': ['bucketName limited', `objectName ${length}.bin`, `contentType ${contentType}`]
            .map((kv) => { const [k, v] = kv.split(' '); return `${k} ${Buffer.from(v!).toString('base64')}`; }).join(','),
        },
      });
    const big = await create(5000, 'audio/mpeg');
    expect(big.status).toBe(413);
    expect(big.headers.get('location')).toBeNull();
    const wrong = await create(10, 'text/html');
    expect(wrong.status).toBe(415);
    expect(await wrong.json()).toMatchObject({ statusCode: '415', error: 'invalid_mime_type' });
    expect((await create(10, 'audio/mpeg')).status).toBe(201);
  });
});

describe('unknown and unimplemented routes', () => {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${backend.url}/storage/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, apikey: backend.serviceRoleKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('answers 404 Route … not found in Storage shape, never another route\'s answer', async () => {
    for (const [method, path] of [['PATCH', '/bucket/content'], ['POST', '/bucket/content/purge'], ['GET', '/nothing/here'], ['PATCH', '/object/content/a.txt']] as const) {
      const r = await call(method, path, method === 'GET' ? undefined : {});
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(await r.json()).toEqual({ statusCode: '404', error: 'Not Found', code: 'InvalidRequest', message: `Route ${method}:${path} not found` });
    }
  });

  it('answers 501 naming the feature for listV2, image transformations and signed resumable uploads', async () => {
    const v2 = await admin.storage.from('content').listV2({ prefix: '' });
    expect(v2.error?.message).toMatch(/list-v2.*not implemented by the local backend/);
    expect(statusOf(v2.error)).toBe('501');
    const render = await call('GET', '/render/image/authenticated/content/a.png?width=10');
    expect(render.status).toBe(501);
    expect(await render.json()).toMatchObject({ statusCode: '501', code: 'NotSupported', message: expect.stringMatching(/Image transformations/) });
    const tusSigned = await call('POST', '/upload/resumable/sign');
    expect(tusSigned.status).toBe(501);
    expect((await tusSigned.json()).message).toMatch(/signed URLs .*not implemented/);
  });
});
