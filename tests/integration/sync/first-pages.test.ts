// An artist's new device's first pull pages, fetched while its database opens (sync/replication/first-pages.ts):
// the first pull takes them instead of asking again, nothing changed meanwhile is lost, and a stale
// or failed page is never used.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFirstPages } from '../../../sync';
import { contentItemRows, seedContentItems } from '../../fixtures/content-items';
import { clientOptions, createArtistClient, withBackend, type LocalBackend } from '../helpers/backend';
import { openDevice, signUp, type Device } from './devices';

let backend: LocalBackend;
let artistId: string;
let artist: Awaited<ReturnType<typeof createArtistClient>>;
/** The artist's rows, each file stored before its row (tests/fixtures/content-items.ts). */
const seed = (rows: Parameters<typeof seedContentItems>[2]) => seedContentItems((sql) => backend.query(sql), artist.client, rows);
const artistEmail = `first-pages-artist-${Date.now().toString(36)}@example.test`;
const devices: Device[] = [];

beforeAll(async () => {
  backend = await withBackend();
  artist = await createArtistClient(backend, artistEmail, 'secret-password');
  artistId = artist.user.id;
  await seed(contentItemRows(artistId, 30, { title: 'Seed' }));
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.engine.close()));
});
afterAll(async () => {
  await backend.stop();
});

/**
 * A signed-in client on a new device of the artist (or of a new user with `email`) that records
 * the first-page requests (pulls without a checkpoint) per collection.
 */
async function countingDevice(failFirst = false, email = artistEmail) {
  if (email !== artistEmail) await signUp(backend, email);
  const firstPageRequests: string[] = [];
  let failNext = failFirst;
  const client: SupabaseClient = createClient(backend.url, backend.anonKey, {
    ...clientOptions(),
    global: {
      fetch: (input, init) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        const args = url.pathname.endsWith('/rest/v1/rpc/sync_pull') && typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
        if (args && args.p_checkpoint === null) {
          firstPageRequests.push(String(args.p_collection));
          if (failNext) {
            failNext = false;
            return Promise.reject(new TypeError('fetch failed (network down)'));
          }
        }
        return fetch(input, init);
      },
    },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'secret-password' });
  if (error || !data.user) throw error ?? new Error('sign-in failed');
  return { email, client, userId: data.user.id, firstPageRequests };
}

const titles = async (device: Device) =>
  (await device.engine.db.content_items.find().exec()).map((doc) => doc.title as string).sort();

describe('first pages on a new device', () => {
  it('the first pull takes the prefetched page (one request), and what changed after it still arrives', async () => {
    const mine = await countingDevice();
    const pages = createFirstPages({ supabase: mine.client, userId: mine.userId });
    const page = await pages.get('content_items');
    expect(page.documents.map((d) => d.title)).toContain('Seed 7');
    expect(pages.peek('content_items')).toHaveLength(page.documents.length);

    // Changed on the server after the prefetch, before the database opened.
    await backend.query(
      `update public.content_items set title = 'Seed 7 (remastered)' where artist_id = $1 and title = 'Seed 7'`,
      [artistId],
    );
    await seed(contentItemRows(artistId, 1, { title: 'Late arrival', tag: 'late' }));

    const device = await openDevice(backend, mine.email, { supabase: mine.client, firstPages: pages });
    devices.push(device);
    await device.engine.start();
    await device.engine.resync();

    const local = await titles(device);
    expect(local).toContain('Seed 7 (remastered)');
    expect(local).toContain('Late arrival 1');
    expect(local).not.toContain('Seed 7');
    expect(local).toHaveLength(31);
    // One first-page request for content_items: the prefetch; the replication did not ask again.
    expect(mine.firstPageRequests.filter((t) => t === 'content_items')).toHaveLength(1);
    // The page the screen showed is the page as fetched (the replication got a copy).
    expect(pages.peek('content_items')?.map((d) => d.title)).toContain('Seed 7');
  });

  it('a stale page is not taken: the first pull asks the server again', async () => {
    const mine = await countingDevice();
    let now = 1_000_000;
    const pages = createFirstPages({ supabase: mine.client, userId: mine.userId, maxAgeMs: 30_000, now: () => now });
    await pages.get('content_items');
    now += 30_001;
    const device = await openDevice(backend, mine.email, { supabase: mine.client, firstPages: pages });
    devices.push(device);
    await device.engine.start();
    await device.engine.resync();
    expect(mine.firstPageRequests.filter((t) => t === 'content_items')).toHaveLength(2);
    expect(await titles(device)).toContain('Late arrival 1');
  });

  it('a failed prefetch is never handed over: the first pull fetches and syncs normally', async () => {
    const mine = await countingDevice(true);
    const pages = createFirstPages({ supabase: mine.client, userId: mine.userId });
    await expect(pages.get('content_items')).rejects.toThrow();
    expect(pages.peek('content_items')).toBeUndefined();
    const device = await openDevice(backend, mine.email, { supabase: mine.client, firstPages: pages });
    devices.push(device);
    await device.engine.start();
    await device.engine.resync();
    expect(await titles(device)).toHaveLength(31);
    expect(pages.take('content_items', 1000)).toBeUndefined();
  });

  it("another user's pages are never used by an engine", async () => {
    const mine = await countingDevice();
    const other = await countingDevice(false, `first-pages-mine-${Math.random().toString(36).slice(2)}@example.test`);
    const pages = createFirstPages({ supabase: other.client, userId: other.userId });
    await pages.get('content_items');
    const device = await openDevice(backend, mine.email, { supabase: mine.client, firstPages: pages });
    devices.push(device);
    await device.engine.start();
    await device.engine.resync();
    // The mine's engine pulled its own first page; the other user's page is still untaken.
    expect(mine.firstPageRequests.filter((t) => t === 'content_items')).toHaveLength(1);
    expect(pages.take('content_items', 1000)).toBeDefined();
  });

  it('a full page is taken and the pages after it follow (1,200 rows)', async () => {
    await seed(contentItemRows(artistId, 1169, { title: 'Bulk', tag: 'bulk' }));
    const mine = await countingDevice();
    const pages = createFirstPages({ supabase: mine.client, userId: mine.userId });
    expect((await pages.get('content_items')).documents).toHaveLength(1000);
    const device = await openDevice(backend, mine.email, { supabase: mine.client, firstPages: pages });
    devices.push(device);
    await device.engine.start();
    await device.engine.resync();
    expect(await device.engine.db.content_items.count().exec()).toBe(31 + 1169);
    expect(mine.firstPageRequests.filter((t) => t === 'content_items')).toHaveLength(1);
  });
});
