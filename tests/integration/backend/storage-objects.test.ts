/**
 * Storage objects beyond upload/download, through supabase-js as real users: signed upload
 * URLs (createSignedUploadUrl / uploadToSignedUrl, token bound to one path and one scope),
 * move and copy (allowed inside one's own folder, refused across owners with nothing
 * changed), and info / exists (only for what the caller's policy lets them see).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtistClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
type Artist = Awaited<ReturnType<typeof createArtistClient>>;
let a: Artist;
let b: Artist;
beforeAll(async () => {
  backend = await withBackend();
  a = await createArtistClient(backend, uniqueEmail('obja'), 'objects-pass-a');
  b = await createArtistClient(backend, uniqueEmail('objb'), 'objects-pass-b');
});
afterAll(async () => {
  await backend.stop();
});

const statusOf = (e: unknown) => (e as { statusCode?: string } | null)?.statusCode;
const objectNames = async (prefix: string) =>
  (await backend.query('select name from storage.objects where name like $1 order by name', [`${prefix}%`])).rows.map((r) => r.name as string);

describe('signed upload URLs', () => {
  it('uploads once through the signed URL, as the signer, and only to the signed path', async () => {
    const bucket = a.client.storage.from('content');
    const path = `${a.user.id}/signed/track one.mp3`;
    const signed = await bucket.createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data!.path).toBe(path);
    expect(signed.data!.signedUrl).toContain('/storage/v1/object/upload/sign/content/');
    expect(signed.data!.token).toBeTruthy();

    // anyone holding the token may upload (no session needed), but only to that path
    const stranger = b.client.storage.from('content');
    const elsewhere = await stranger.uploadToSignedUrl(`${a.user.id}/signed/other.mp3`, signed.data!.token, Buffer.from('x'), { contentType: 'audio/mpeg' });
    expect(statusOf(elsewhere.error)).toBe('400');
    expect(elsewhere.error?.message).toBe('The url do not match the signature');

    const up = await stranger.uploadToSignedUrl(path, signed.data!.token, Buffer.from('signed bytes'), { contentType: 'audio/mpeg' });
    expect(up.error).toBeNull();
    expect(up.data).toEqual({ path, fullPath: `content/${path}` });
    const row = (await backend.query('select owner::text, metadata from storage.objects where name = $1', [path])).rows[0];
    expect(row.owner).toBe(a.user.id);
    expect(row.metadata.mimetype).toBe('audio/mpeg');
    expect(await (await bucket.download(path)).data!.text()).toBe('signed bytes');

    // signed without upsert: a second upload with the same token is a duplicate
    const twice = await stranger.uploadToSignedUrl(path, signed.data!.token, Buffer.from('again'), { contentType: 'audio/mpeg' });
    expect(statusOf(twice.error)).toBe('409');
    const upsertUrl = await bucket.createSignedUploadUrl(path, { upsert: true });
    expect((await bucket.uploadToSignedUrl(path, upsertUrl.data!.token, Buffer.from('v2'), { contentType: 'audio/mpeg' })).error).toBeNull();
    expect(await (await bucket.download(path)).data!.text()).toBe('v2');
  });

  it('is refused for paths the caller may not write, and tokens keep their scope', async () => {
    const refused = await b.client.storage.from('content').createSignedUploadUrl(`${a.user.id}/signed/evil.mp3`);
    expect(statusOf(refused.error)).toBe('403');

    const path = `${a.user.id}/signed/scoped.mp3`;
    await a.client.storage.from('content').upload(path, Buffer.from('orig'), { contentType: 'audio/mpeg' });
    const download = await a.client.storage.from('content').createSignedUrl(path, 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    const asUpload = await b.client.storage.from('content').uploadToSignedUrl(path, downloadToken, Buffer.from('evil'), { contentType: 'audio/mpeg', upsert: true });
    expect(statusOf(asUpload.error)).toBe('400');
    expect(asUpload.error?.message).toBe('Token is not scoped for upload');

    const upload = await a.client.storage.from('content').createSignedUploadUrl(`${a.user.id}/signed/x.mp3`);
    const asDownload = await fetch(`${backend.url}/storage/v1/object/sign/content/${a.user.id}/signed/x.mp3?token=${upload.data!.token}`);
    expect(asDownload.status).toBe(400);
    expect(await asDownload.json()).toMatchObject({ error: 'InvalidSignature', message: 'Token is not scoped for download' });
    expect(await (await a.client.storage.from('content').download(path)).data!.text()).toBe('orig');
  });
});

describe('move and copy', () => {
  it('moves and copies inside the caller\'s own folder', async () => {
    const bucket = a.client.storage.from('content');
    const from = `${a.user.id}/mv/a.mp3`;
    await bucket.upload(from, Buffer.from('move me'), { contentType: 'audio/mpeg' });
    const moved = await bucket.move(from, `${a.user.id}/mv/b.mp3`);
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ message: 'Successfully moved' });
    expect(await objectNames(`${a.user.id}/mv/`)).toEqual([`${a.user.id}/mv/b.mp3`]);
    expect(await (await bucket.download(`${a.user.id}/mv/b.mp3`)).data!.text()).toBe('move me');

    const copied = await bucket.copy(`${a.user.id}/mv/b.mp3`, `${a.user.id}/mv/c.mp3`);
    expect(copied.error).toBeNull();
    expect(copied.data).toEqual({ path: `content/${a.user.id}/mv/c.mp3` });
    expect(await objectNames(`${a.user.id}/mv/`)).toEqual([`${a.user.id}/mv/b.mp3`, `${a.user.id}/mv/c.mp3`]);
    expect(await (await bucket.download(`${a.user.id}/mv/c.mp3`)).data!.text()).toBe('move me');
    expect((await bucket.info(`${a.user.id}/mv/c.mp3`)).data?.contentType).toBe('audio/mpeg');

    const onto = await bucket.move(`${a.user.id}/mv/b.mp3`, `${a.user.id}/mv/c.mp3`);
    expect(statusOf(onto.error)).toBe('409');
    const missing = await bucket.move(`${a.user.id}/mv/none.mp3`, `${a.user.id}/mv/d.mp3`);
    expect(statusOf(missing.error)).toBe('404');
  });

  it('refuses moving or copying across owners and changes nothing', async () => {
    const aPath = `${a.user.id}/x/own.mp3`;
    await a.client.storage.from('content').upload(aPath, Buffer.from('mine'), { contentType: 'audio/mpeg' });
    const before = await objectNames('');

    const intoB = await a.client.storage.from('content').move(aPath, `${b.user.id}/stolen.mp3`);
    expect(statusOf(intoB.error)).toBe('403');
    const copyIntoB = await a.client.storage.from('content').copy(aPath, `${b.user.id}/planted.mp3`);
    expect(statusOf(copyIntoB.error)).toBe('403');
    const takeFromA = await b.client.storage.from('content').move(aPath, `${b.user.id}/taken.mp3`);
    expect(statusOf(takeFromA.error)).toBe('404');
    const copyFromA = await b.client.storage.from('content').copy(aPath, `${b.user.id}/copied.mp3`);
    expect(statusOf(copyFromA.error)).toBe('404');

    expect(await objectNames('')).toEqual(before);
    const owner = (await backend.query('select owner::text from storage.objects where name = $1', [aPath])).rows[0].owner;
    expect(owner).toBe(a.user.id);
  });
});

describe('info and exists', () => {
  it('describe an object to whoever may read it, and nothing to others', async () => {
    const path = `${a.user.id}/info/song.mp3`;
    await a.client.storage.from('content').upload(path, Buffer.alloc(1234, 7), { contentType: 'audio/mpeg', cacheControl: '60', metadata: { album: 'Test LP' } });
    const info = await a.client.storage.from('content').info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: path, bucketId: 'content', size: 1234, contentType: 'audio/mpeg', cacheControl: 'max-age=60' });
    expect(info.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.data!.etag).toMatch(/^".+"$/);
    expect(info.data!.metadata).toEqual({ album: 'Test LP' });
    const copied = await a.client.storage.from('content').copy(path, `${a.user.id}/info/copy.mp3`);
    expect(copied.error).toBeNull();
    expect((await a.client.storage.from('content').info(`${a.user.id}/info/copy.mp3`)).data!.metadata).toEqual({ album: 'Test LP' });

    expect((await a.client.storage.from('content').exists(path)).data).toBe(true);
    expect((await a.client.storage.from('content').exists(`${a.user.id}/info/none.mp3`)).data).toBe(false);
    const other = await b.client.storage.from('content').exists(path);
    expect(other.data).toBe(false);
    const otherInfo = await b.client.storage.from('content').info(path);
    expect(statusOf(otherInfo.error)).toBe('404');
  });
});
