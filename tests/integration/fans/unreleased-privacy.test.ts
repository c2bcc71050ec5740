/**
 * nothing about an unreleased item (title, genre, existence) reaches anyone but
 * its artist until its release. Attacks through the real local backend with supabase-js, as a
 * follower and as another signed-in user, on every surface the app reads: content_previews (the
 * catalog's "Latest drop"), artist_directory (catalog cards and genres), followed_content (the
 * feed's NEW DROP and the Daily Locker) and the pull. Then the release: the same item appears.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type LocalBackend } from '../../../supabase/local';
import { createArtistClient, createUserClient, uniqueEmail } from '../helpers/backend';
import { withStoredObjects } from '../../fixtures/stored-objects';

let backend: LocalBackend;
let artist: SupabaseClient;
let artistId: string;
let follower: SupabaseClient;
let stranger: SupabaseClient;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  backend = await startLocalBackend({ port: 0, quiet: true });
  const a = await createArtistClient(backend, uniqueEmail('unreleased-artist'), 'artist-pass');
  artist = a.client;
  artistId = a.user.id;
  const f = await createUserClient(backend, uniqueEmail('unreleased-fan'), 'fan-pass');
  follower = f.client;
  const follow = await follower
    .from('subscriptions')
    .insert({ fan_id: f.user.id, artist_id: artistId, artist_name: 'Artist' });
  if (follow.error) throw new Error(follow.error.message);
  stranger = (await createUserClient(backend, uniqueEmail('unreleased-other'), 'other-pass')).client;
});

afterAll(async () => {
  await backend?.stop();
});

async function item(title: string, release: { is_public?: boolean; unlock_date?: string | null }): Promise<string> {
  const id = crypto.randomUUID();
  const [file] = await withStoredObjects(artist, [{ file_path: `${artistId}/${Date.now()}-${id}.mp3` }]);
  const r = await artist.from('content_items').insert({
    id,
    artist_id: artistId,
    title,
    metadata: { genre: 'Synthwave' },
    is_public: false,
    ...file!,
    ...release,
  });
  if (r.error) throw new Error(r.error.message);
  return id;
}

/** Everything another signed-in user can learn about an item, through each surface the app reads. */
async function seenBy(client: SupabaseClient, id: string, title: string) {
  // first: a pull releases items whose unlock date has passed (as a device's pull does)
  const pulled = await client.rpc('sync_pull', { p_collection: 'followed_content', p_limit: 1000 });
  const pulledRows = ((pulled.data as { rows?: { id: string; title: string }[] } | null)?.rows ?? []).filter(
    (row) => row.id === id,
  );
  const previews = await client.from('content_previews').select('id,title,_deleted').eq('id', id);
  const byTitle = await client.from('content_previews').select('id').eq('title', title);
  // the catalog's query (use-real-artists)
  const latest = await client
    .from('content_previews')
    .select('artist_id,title,file_type,created_at')
    .eq('_deleted', false)
    .order('created_at', { ascending: false })
    .limit(500);
  const directory = await client.from('artist_directory').select('artist_id,items,genres').eq('artist_id', artistId);
  const followed = await client.from('followed_content').select('id,title,locked,_deleted').eq('id', id);
  return {
    previewRows: previews.data?.length ?? 0,
    titleRows: byTitle.data?.length ?? 0,
    catalogTitles: (latest.data ?? []).filter((row) => row.title === title).length,
    directory: directory.data ?? [],
    followedRows: followed.data?.length ?? 0,
    pulledRows: pulledRows.length,
  };
}

const NOTHING = { previewRows: 0, titleRows: 0, catalogTitles: 0, directory: [], followedRows: 0, pulledRows: 0 };

describe('unreleased work stays the artist’s', () => {
  it('a scheduled item (unlock date in two days) and a draft are invisible to followers and others', async () => {
    const scheduled = await item('Secret Scheduled Drop', {
      unlock_date: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    const draft = await item('Secret Draft Title', { unlock_date: null });
    for (const who of [follower, stranger]) {
      expect(await seenBy(who, scheduled, 'Secret Scheduled Drop')).toEqual(NOTHING);
      expect(await seenBy(who, draft, 'Secret Draft Title')).toEqual(NOTHING);
    }
    // the artist still sees both
    const own = await artist.from('content_items').select('id').in('id', [scheduled, draft]);
    expect(own.data).toHaveLength(2);
  });

  it('at its release the item appears everywhere, and stops appearing when unpublished', async () => {
    const id = await item('Released Later', { unlock_date: new Date(Date.now() + 2 * DAY).toISOString() });
    expect((await seenBy(follower, id, 'Released Later')).previewRows).toBe(0);
    const r = await artist.from('content_items').update({ is_public: true, unlock_date: null }).eq('id', id);
    expect(r.error).toBeNull();
    const seen = await seenBy(follower, id, 'Released Later');
    expect(seen).toMatchObject({ previewRows: 1, titleRows: 1, catalogTitles: 1, followedRows: 1, pulledRows: 1 });
    expect(seen.directory).toEqual([expect.objectContaining({ items: 1, genres: ['Synthwave'] })]);
    expect((await seenBy(stranger, id, 'Released Later')).catalogTitles).toBe(1);

    await artist
      .from('content_items')
      .update({ is_public: false, unlock_date: new Date(Date.now() + DAY).toISOString() })
      .eq('id', id);
    const hidden = await follower.from('content_previews').select('title,_deleted').eq('id', id).single();
    expect(hidden.data).toEqual({ title: '', _deleted: true }); // a tombstone: devices drop it
  });

  it('an unlock date passing releases the item through the pull', async () => {
    const id = await item('Timed Release', { unlock_date: new Date(Date.now() + 1500).toISOString() });
    expect((await seenBy(follower, id, 'Timed Release')).previewRows).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // the first pull after the date writes the release (held back by its own transaction) …
    await follower.rpc('sync_pull', { p_collection: 'followed_content', p_limit: 1000 });
    // … and the next delivers it
    const seen = await seenBy(follower, id, 'Timed Release');
    expect(seen).toMatchObject({ previewRows: 1, followedRows: 1, pulledRows: 1 });
  });
});
