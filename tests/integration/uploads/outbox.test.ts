import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createArtistClient,
  createUserClient,
  serviceClient,
  withBackend,
  type LocalBackend,
} from '../helpers/backend';
import { CHUNK_SIZE, contentItemFromEntry, type OutboxEntry } from '../../../sync/outbox';
import { metadataFor, noiseWav, nodeOutbox, outboxBackend, startUploadProxy, type UploadProxy } from './helpers';

let backend: LocalBackend;
let proxy: UploadProxy;
let artist: Awaited<ReturnType<typeof createArtistClient>>;

beforeAll(async () => {
  backend = await withBackend();
  proxy = await startUploadProxy(backend.url);
  artist = await createArtistClient(backend, 'outbox-artist@example.com', 'secret123');
});
afterAll(async () => {
  await proxy?.close();
  await backend?.stop();
});

/** sha256 of the stored object (comparing hashes keeps a mismatch report small). */
async function download(path: string): Promise<string> {
  const { data, error } = await artist.client.storage.from('content').download(path);
  if (error) throw error;
  return sha(new Uint8Array(await data.arrayBuffer()));
}

function sha(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function file(name: string, bytes: Uint8Array, title = name.replace(/\.\w+$/, '')) {
  return {
    file: new Blob([bytes as BlobPart], { type: 'audio/wav' }),
    name,
    type: 'audio/wav',
    metadata: metadataFor(title),
  };
}

async function rowsFor(entry: OutboxEntry) {
  const { data } = await serviceClient(backend).from('content_items').select('*').eq('id', entry.contentItemId);
  return data ?? [];
}

describe('upload outbox against the local backend', () => {
  it('three files, the second fails on the server: first and third complete, the second errors and retries', async () => {
    const backendApi = outboxBackend(artist.client, proxy.url, backend.anonKey);
    const { outbox } = nodeOutbox({ userId: artist.user.id, backend: backendApi, isOnline: () => proxy.online });
    const bytes = [noiseWav(300_000, 1), noiseWav(200_000, 2), noiseWav(100_000, 3)];
    // Fail the creation of the second object (its objectName carries its title), every time.
    proxy.failWhen = (req) => {
      if (req.method !== 'POST') return null;
      const meta = String(req.headers['upload-metadata'] ?? '');
      const objectName = meta
        .split(',')
        .map((pair) => pair.trim().split(' '))
        .find(([key]) => key === 'objectName')?.[1];
      return objectName && Buffer.from(objectName, 'base64').toString().includes('second') ? 500 : null;
    };
    await outbox.enqueue([file('first.wav', bytes[0]!), file('second.wav', bytes[1]!), file('third.wav', bytes[2]!)]);
    await outbox.start();
    await outbox.whenIdle();
    let entries = await outbox.list();
    expect(entries.map((e) => e.status)).toEqual(['completed', 'error', 'completed']);
    expect(await download(entries[0]!.objectPath)).toBe(sha(bytes[0]!));
    expect(await download(entries[2]!.objectPath)).toBe(sha(bytes[2]!));
    const [row] = await rowsFor(entries[0]!);
    expect(row).toMatchObject({
      artist_id: artist.user.id,
      title: 'first',
      description: 'About first',
      file_path: entries[0]!.objectPath,
      file_type: 'audio/wav',
      file_size: 300_000,
      is_public: false,
      subscription_tier_required: 'free',
      unlock_date: null,
      metadata: { album: 'Test LP', genre: 'Electronic', tags: ['test'], credits: 'Me', collaborators: ['You'] },
    });

    proxy.failWhen = null;
    await outbox.retry(entries[1]!.id);
    await outbox.whenIdle();
    entries = await outbox.list();
    expect(entries.map((e) => e.status)).toEqual(['completed', 'completed', 'completed']);
    expect(entries[1]!.attempts).toBe(2);
    expect(await download(entries[1]!.objectPath)).toBe(sha(bytes[1]!));
    await outbox.stop();
  });

  it('an upload cut at ~40% resumes after a restart and re-sends at most one 6 MiB chunk', async () => {
    const size = 20 * 1024 * 1024;
    const bytes = noiseWav(size, 7);
    const api = outboxBackend(artist.client, proxy.url, backend.anonKey);
    const first = nodeOutbox({ userId: artist.user.id, backend: api, isOnline: () => proxy.online });
    proxy.patchBytes = 0;
    proxy.cutWhen = (sent) => sent >= size * 0.4;
    await first.outbox.enqueue([file('resume.wav', bytes)]);
    await first.outbox.start();
    await first.outbox.whenIdle();
    const [cutEntry] = await first.outbox.list();
    expect(cutEntry).toMatchObject({ status: 'pending', objectStored: false });
    expect(cutEntry!.tusUploadUrl).toMatch(/\/storage\/v1\/upload\/resumable\//);
    await first.outbox.stop();

    // "Reload": a new runner over the same device database resumes from the stored URL.
    proxy.cutWhen = null;
    proxy.online = true;
    const second = nodeOutbox({ userId: artist.user.id, backend: api, db: first.db, isOnline: () => proxy.online });
    await second.outbox.start();
    await second.outbox.whenIdle();
    const [done] = await second.outbox.list();
    expect(done?.status).toBe('completed');
    expect(proxy.patchBytes).toBeLessThanOrEqual(size + CHUNK_SIZE);
    expect(await download(done!.objectPath)).toBe(sha(bytes));
    expect(await rowsFor(done!)).toHaveLength(1);
    await second.outbox.stop();
  });

  it('an expired upload URL starts a fresh upload of the same object', async () => {
    const api = outboxBackend(artist.client, proxy.url, backend.anonKey);
    const { outbox, db } = nodeOutbox({ userId: artist.user.id, backend: api });
    const bytes = noiseWav(150_000, 9);
    const [entry] = (await outbox.enqueue([file('expired.wav', bytes)])).entries;
    // A URL the server no longer knows (as after expiry): HEAD answers 404/410.
    await db.entries.update(entry!.id, { tusUploadUrl: `${proxy.url}/storage/v1/upload/resumable/ZXhwaXJlZA` });
    await outbox.start();
    await outbox.whenIdle();
    const [done] = await outbox.list();
    expect(done?.status).toBe('completed');
    expect(await download(done!.objectPath)).toBe(sha(bytes));
    await outbox.stop();
  });

  it('an object already stored by an earlier attempt counts as done; the row exists exactly once', async () => {
    const api = outboxBackend(artist.client, proxy.url, backend.anonKey);
    const { outbox, db } = nodeOutbox({ userId: artist.user.id, backend: api });
    const bytes = noiseWav(120_000, 11);
    const [entry] = (await outbox.enqueue([file('twice.wav', bytes)])).entries;
    // The earlier attempt stored the object but the tab died before the outbox noted it.
    const put = await artist.client.storage
      .from('content')
      .upload(entry!.objectPath, new Blob([bytes as BlobPart], { type: 'audio/wav' }), {
        upsert: false,
        contentType: 'audio/wav',
      });
    expect(put.error).toBeNull();
    await api.writeContentItem(contentItemFromEntry(entry!));
    await outbox.start();
    await outbox.whenIdle();
    const [done] = await outbox.list();
    expect(done?.status).toBe('completed');
    expect(await rowsFor(done!)).toHaveLength(1);
    // Retrying the row write again (e.g. after a crash) still leaves one row.
    await api.writeContentItem(contentItemFromEntry(done!));
    expect(await rowsFor(done!)).toHaveLength(1);
    await db.delete();
  });

  it('a fan cannot download a locked item; an artist cannot write into another artist folder', async () => {
    const api = outboxBackend(artist.client, backend.url, backend.anonKey);
    const { outbox } = nodeOutbox({ userId: artist.user.id, backend: api });
    const [entry] = (await outbox.enqueue([file('locked.wav', noiseWav(50_000, 5))])).entries;
    await outbox.start();
    await outbox.whenIdle();
    expect((await outbox.list())[0]?.status).toBe('completed');
    const fan = await createUserClient(backend, 'outbox-fan@example.com', 'secret123');
    const denied = await fan.client.storage.from('content').download(entry!.objectPath);
    expect(denied.data).toBeNull();
    expect(denied.error).not.toBeNull();
    const signed = await fan.client.storage.from('content').createSignedUrl(entry!.objectPath, 60);
    expect(signed.data?.signedUrl ?? null).toBeNull();

    // Another artist, through the outbox, targeting this artist's folder: refused by policy.
    const other = await createArtistClient(backend, 'outbox-other@example.com', 'secret123');
    const otherApi = outboxBackend(other.client, backend.url, backend.anonKey);
    const intruder = nodeOutbox({ userId: other.user.id, backend: otherApi });
    const [bad] = (await intruder.outbox.enqueue([file('intrude.wav', noiseWav(10_000, 6))])).entries;
    await intruder.db.entries.update(bad!.id, { objectPath: `${artist.user.id}/1-intrude.wav` });
    await intruder.outbox.start();
    await intruder.outbox.whenIdle();
    expect((await intruder.outbox.list())[0]?.status).toBe('error');
    const direct = await other.client.storage
      .from('content')
      .upload(`${artist.user.id}/2-direct.wav`, new Blob(['x']), { upsert: false });
    expect(direct.error).not.toBeNull();
    await outbox.stop();
    await intruder.outbox.stop();
  });
});
