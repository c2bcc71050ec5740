/**
 * An artist manages what they published (issue 31, deliverable 2), seen from a follower: the
 * artist's edits are local-first writes on their own device (the engine pushes them); the fan's
 * device pulls followed_content. Drafts never reach a fan; publish, unpublish, delete and tier
 * changes reach the follower's device, and an item that stops being visible arrives as a
 * tombstone so the device drops it. Attacks: a fan cannot change another artist's item, and
 * cannot read a draft's title anywhere.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { followArtist, putContentItem } from '../../../sync';
import { publishChange, unpublishChange } from '../../../sync/content/release-state';
import { deleteContentItem, editContentItem } from '../../../sync/writes/edit-content-item';
import { createArtistClient, uniqueEmail } from '../helpers/backend';
import { withStoredObjects } from '../../fixtures/stored-objects';
import { openDevice, signUp, useDeviceSuite, waitFor, type Device } from '../sync/devices';
import { liveDevicesOf } from '../sync/live-helpers';

const suite = useDeviceSuite();

interface PulledRow {
  id: string;
  title: string;
  locked: boolean;
  _deleted: boolean;
  _txid: string;
  subscription_tier_required: string;
  unlock_date: string | null;
}

async function artistDevice(): Promise<Device> {
  const email = uniqueEmail('release-artist');
  await createArtistClient(suite.backend, email, 'artist-pass');
  const device = await openDevice(suite.backend, email, {}, 'artist-pass');
  suite.open.push(device);
  await device.engine.start();
  return device;
}

async function followingFan(artistId: string): Promise<Device> {
  const email = uniqueEmail('release-fan');
  await signUp(suite.backend, email);
  const fan = await openDevice(suite.backend, email, { collections: ['subscriptions', 'followed_content'] });
  suite.open.push(fan);
  await fan.engine.start();
  await followArtist(fan.engine.db, { fanId: fan.userId, artistId, artistName: 'Followed' });
  await pushed(fan, 'subscriptions');
  return fan;
}

/** Waits until the device's local writes of a collection were accepted by the server. */
async function pushed(device: Device, collection: 'subscriptions' | 'content_items'): Promise<void> {
  await device.engine.resync();
  await waitFor(async () => {
    const docs = await device.engine.db[collection].find().exec();
    return docs.every((d) => d.sync_state === 'clean');
  });
}

async function upload(artist: Device, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const id = crypto.randomUUID();
  const [file] = await withStoredObjects(artist.client, [
    { file_path: `${artist.userId}/${Date.now()}-${title}.mp3`, file_type: 'audio/mpeg', file_size: 1234 },
  ]);
  await putContentItem(artist.engine.db, { id, artist_id: artist.userId, title, ...file!, ...extra });
  await pushed(artist, 'content_items');
  return id;
}

async function edit(artist: Device, id: string, change: Parameters<typeof editContentItem>[2]): Promise<void> {
  await editContentItem(artist.engine.db, id, change);
  await pushed(artist, 'content_items');
}

/** What the fan's device holds after a pull (deleted rows are gone from RxDB's view). */
async function fanRow(fan: Device, id: string) {
  await fan.engine.resync();
  const doc = await fan.engine.db.followed_content.findOne(id).exec();
  return doc ? { ...doc.toMutableJSON() } : null;
}

async function pull(
  client: SupabaseClient,
  checkpoint: unknown = null,
): Promise<{ rows: PulledRow[]; checkpoint: unknown }> {
  const { data, error } = await client.rpc('sync_pull', {
    p_collection: 'followed_content',
    p_checkpoint: checkpoint,
    p_limit: 1000,
  });
  if (error) throw error;
  return data as { rows: PulledRow[]; checkpoint: unknown };
}

async function directoryItems(client: SupabaseClient, artistId: string): Promise<number> {
  const { data } = await client.from('artist_directory').select('items').eq('artist_id', artistId).maybeSingle();
  return (data as { items: number } | null)?.items ?? 0;
}

describe('release states reach followers', () => {
  it('a draft stays the artist’s own: no title in previews, followed_content, pulls or the directory', async () => {
    const artist = await artistDevice();
    const fan = await followingFan(artist.userId);
    const id = await upload(artist, 'Secret Draft Title');

    expect(await fanRow(fan, id)).toBeNull();
    const previews = await fan.client.from('content_previews').select('*').eq('artist_id', artist.userId);
    expect(previews.error).toBeNull();
    expect(JSON.stringify(previews.data)).not.toContain('Secret Draft Title');
    const view = await fan.client.from('followed_content').select('*').eq('id', id);
    expect(JSON.stringify(view.data)).not.toContain('Secret Draft Title');
    const { rows } = await pull(fan.client);
    expect(JSON.stringify(rows)).not.toContain('Secret Draft Title');
    expect(rows.find((r) => r.id === id)?._deleted ?? true).toBe(true);
    expect(await directoryItems(fan.client, artist.userId)).toBe(0);
    // The artist still reads it in full.
    const own = await artist.client.from('content_items').select('title').eq('id', id).single();
    expect(own.data?.title).toBe('Secret Draft Title');
  });

  it('publish delivers, unpublish and delete arrive as tombstones, publishing again brings it back', async () => {
    const artist = await artistDevice();
    const fan = await followingFan(artist.userId);
    const id = await upload(artist, 'Round Trip');

    await edit(artist, id, publishChange());
    expect(await fanRow(fan, id)).toMatchObject({ title: 'Round Trip', locked: false });
    expect(await directoryItems(fan.client, artist.userId)).toBe(1);
    const before = await pull(fan.client);

    await edit(artist, id, unpublishChange());
    const after = (await pull(fan.client, before.checkpoint)).rows;
    expect(after.find((r) => r.id === id)).toMatchObject({ _deleted: true, title: '' });
    expect(await fanRow(fan, id)).toBeNull();
    expect(await directoryItems(fan.client, artist.userId)).toBe(0);

    await edit(artist, id, { ...publishChange(), title: 'Round Trip (remaster)' });
    expect(await fanRow(fan, id)).toMatchObject({ title: 'Round Trip (remaster)', locked: false });

    await deleteContentItem(artist.engine.db, id);
    await pushed(artist, 'content_items');
    const { rows } = await suite.backend.query('select _deleted from public.content_items where id = $1', [id]);
    expect(rows[0]?._deleted).toBe(true);
    expect(await fanRow(fan, id)).toBeNull();
    const all = (await pull(fan.client)).rows;
    expect(all.find((r) => r.id === id)).toMatchObject({ _deleted: true, title: '' });
  });

  it('a tier raise locks the item for a follower on a lower tier; a scheduled item stays the artist’s until its date', async () => {
    const artist = await artistDevice();
    const fan = await followingFan(artist.userId);
    const id = await upload(artist, 'Tiered', { is_public: true });
    expect(await fanRow(fan, id)).toMatchObject({ locked: false, subscription_tier_required: 'free' });

    await edit(artist, id, { subscription_tier_required: 'tier2' });
    expect(await fanRow(fan, id)).toMatchObject({ locked: true, file_path: null, subscription_tier_required: 'tier2' });

    const unlockDate = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const later = await upload(artist, 'Next Week', { unlock_date: unlockDate });
    // Unreleased work is the artist's own: no title, no locked card, no row at all.
    expect(await fanRow(fan, later)).toBeNull();
    expect((await pull(fan.client)).rows.find((r) => r.id === later)).toBeUndefined();
    // Not released yet: not counted as a release.
    expect(await directoryItems(fan.client, artist.userId)).toBe(1);
  });
});

describe('live', () => {
  it('a follower’s live device drops an unpublished item and gets it back on publish, with no pull of its own', async () => {
    const artist = await artistDevice();
    const [fan] = (await liveDevicesOf(suite.backend, 'release-live-fan', 1, {
      collections: ['subscriptions', 'followed_content'],
    })) as [Device];
    suite.open.push(fan);
    await followArtist(fan.engine.db, { fanId: fan.userId, artistId: artist.userId, artistName: 'Live' });
    const id = await upload(artist, 'Live Release', { is_public: true });
    const has = async (present: boolean) =>
      waitFor(async () => ((await fan.engine.db.followed_content.findOne(id).exec()) !== null) === present, 15_000);
    await has(true);
    await editContentItem(artist.engine.db, id, unpublishChange());
    await artist.engine.resync();
    await has(false);
    await editContentItem(artist.engine.db, id, publishChange());
    await artist.engine.resync();
    await has(true);
  });
});

describe('server refusals', () => {
  it('an edit the server refuses stays on the artist’s device, marked rejected with the server’s message', async () => {
    // Stands in for a publishing rule of another branch (issue 31's "a public name is required
    // before publishing"): any refusal of a row takes this path.
    await suite.backend.query(`
      create or replace function public.test_refuse_publish() returns trigger language plpgsql as $f$
      begin
        if new.is_public and new.title like 'Refused%' then
          raise exception 'a public name is required before publishing' using errcode = '42501';
        end if;
        return new;
      end $f$`);
    await suite.backend.query(`create trigger test_refuse_publish before update on public.content_items
      for each row execute function public.test_refuse_publish()`);
    try {
      const artist = await artistDevice();
      const id = await upload(artist, 'Refused Until Named');
      await editContentItem(artist.engine.db, id, publishChange());
      await artist.engine.resync();
      const doc = await waitFor(async () => {
        const d = await artist.engine.db.content_items.findOne(id).exec();
        return d?.sync_state === 'rejected' ? d : null;
      });
      expect(doc.is_public).toBe(true); // the artist's intent is kept, not silently reverted
      expect(doc.sync_error?.message).toContain('a public name is required before publishing');
      const { rows } = await suite.backend.query('select is_public from public.content_items where id = $1', [id]);
      expect(rows[0]?.is_public).toBe(false);
      // Editing again (e.g. after naming themselves) sends it again.
      await editContentItem(artist.engine.db, id, { title: 'Now Named' });
      await pushed(artist, 'content_items');
      const after = await suite.backend.query('select title, is_public from public.content_items where id = $1', [id]);
      expect(after.rows[0]).toEqual({ title: 'Now Named', is_public: true });
    } finally {
      await suite.backend.query('drop trigger if exists test_refuse_publish on public.content_items');
    }
  });
});

describe('attacks on another artist’s items', () => {
  it('a fan cannot change another artist’s item through the REST API or sync_push', async () => {
    const artist = await artistDevice();
    const fan = await followingFan(artist.userId);
    const draft = await upload(artist, 'Not Yours Draft');
    const released = await upload(artist, 'Not Yours Released', { is_public: true });

    for (const id of [draft, released]) {
      const rest = await fan.client
        .from('content_items')
        .update({ is_public: true, title: 'Hijacked' })
        .eq('id', id)
        .select();
      expect(rest.data ?? []).toHaveLength(0);
      const del = await fan.client.from('content_items').update({ _deleted: true }).eq('id', id).select();
      expect(del.data ?? []).toHaveLength(0);
      const push = await fan.client.rpc('sync_push', {
        p_table: 'content_items',
        p_rows: [
          {
            new: {
              id,
              artist_id: artist.userId,
              title: 'Hijacked',
              file_path: `${artist.userId}/x.mp3`,
              is_public: true,
              _deleted: false,
            },
            assumed: null,
          },
        ],
      });
      const answer = push.error ? null : (push.data as { id: string; error?: unknown; conflict?: unknown }[]);
      // Refused: an error for the request or the row, or at most the server's row back as a conflict.
      if (answer) expect(answer.find((r) => r.id === id)).toBeDefined();
    }
    const { rows } = await suite.backend.query(
      'select title, is_public, _deleted from public.content_items where id = any($1::uuid[]) order by title',
      [[draft, released]],
    );
    expect(rows).toEqual([
      { title: 'Not Yours Draft', is_public: false, _deleted: false },
      { title: 'Not Yours Released', is_public: true, _deleted: false },
    ]);
  });
});
