/**
 * Follower delivery through the sync engine: the fan's `followed_content`
 * collection, pulled from the server view by (_modified, id), must also deliver rows that became
 * visible without being modified — the checkpoint trap: a follow made after the items were
 * written, an unlock date passing; an unfollow stops new items (and tombstones old ones).
 */
import { describe, expect, it } from 'vitest';
import { followArtist, unfollowArtist } from '../../../sync';
import type { FollowedContentDoc } from '../../../sync/schemas/followed-content';
import { storedObjectsSql } from '../../fixtures/content-items';
import { createArtistClient, uniqueEmail } from '../helpers/backend';
import { openDevice, signUp, useDeviceSuite, waitFor, type Device } from '../sync/devices';

const suite = useDeviceSuite();

async function fanDevice(): Promise<Device> {
  const email = uniqueEmail('follower');
  await signUp(suite.backend, email);
  const device = await openDevice(suite.backend, email, { collections: ['subscriptions', 'followed_content'] });
  suite.open.push(device);
  await device.engine.start();
  return device;
}

async function artist(): Promise<string> {
  const made = await createArtistClient(suite.backend, uniqueEmail('artist'), 'artist-pass');
  return made.user.id;
}

async function publish(
  artistId: string,
  title: string,
  opts: { isPublic?: boolean; tier?: string; unlockDate?: string | null } = {},
): Promise<string> {
  // the file first, as an upload stores it (tests/fixtures/content-items.ts)
  await suite.backend.query(storedObjectsSql([{ path: `${artistId}/${title}.mp3`, size: 1000, mimetype: 'audio/mpeg' }]));
  const { rows } = await suite.backend.query(
    // As the database owner, vouching for the file (file_verified): what verify-upload records.
    `insert into public.content_items (artist_id, title, file_path, file_type, file_size, is_public,
       subscription_tier_required, unlock_date, description, file_verified)
     values ($1::uuid, $2, $1::text || '/' || $2 || '.mp3', 'audio/mpeg', 1000, $3, $4, $5, 'secret liner notes', true)
     returning id`,
    [artistId, title, opts.isPublic ?? false, opts.tier ?? 'free', opts.unlockDate ?? null],
  );
  return String(rows[0]!.id);
}

/** Push the fan's follow writes, then pull (a pull racing the push is caught by the next one). */
async function delivered(fan: Device): Promise<Map<string, FollowedContentDoc>> {
  await fan.engine.resync();
  await waitFor(async () => (await fan.engine.db.subscriptions.find().exec()).every((d) => d.sync_state === 'clean'));
  await fan.engine.resync();
  const docs = await fan.engine.db.followed_content.find().exec();
  return new Map(docs.map((d) => [d.id, d.toMutableJSON() as FollowedContentDoc]));
}

describe('followed artists reach the fan through sync', () => {
  it('following later still delivers the items written before the follow', async () => {
    const artistId = await artist();
    const fan = await fanDevice();
    // Another followed artist's newer item moves the fan's checkpoint past the older items.
    const other = await artist();
    await followArtist(fan.engine.db, { fanId: fan.userId, artistId: other, artistName: 'Other' });
    const older = await publish(artistId, 'Old Public', { isPublic: true });
    const olderLocked = await publish(artistId, 'Old Tier3', { tier: 'tier3', isPublic: true });
    await publish(other, 'Newer elsewhere', { isPublic: true });
    expect((await delivered(fan)).size).toBe(1);

    await followArtist(fan.engine.db, { fanId: fan.userId, artistId, artistName: 'Late' });
    const rows = await delivered(fan);
    expect(rows.get(older)).toMatchObject({ title: 'Old Public', locked: false, description: 'secret liner notes' });
    // A locked item arrives with its public fields only: never a path to the object.
    expect(rows.get(olderLocked)).toMatchObject({
      title: 'Old Tier3',
      locked: true,
      file_path: null,
      description: null,
      file_size: null,
      subscription_tier_required: 'tier3',
    });
  });

  it('a scheduled item is not delivered before its date; its date passing delivers it unlocked, with no write to it', async () => {
    const artistId = await artist();
    const fan = await fanDevice();
    await followArtist(fan.engine.db, { fanId: fan.userId, artistId, artistName: 'Timed' });
    // Far enough ahead that the first delivery lands before it on a loaded machine.
    const unlockAt = Date.now() + 8_000;
    const id = await publish(artistId, 'Timed Drop', { tier: 'free', unlockDate: new Date(unlockAt).toISOString() });
    // Unreleased work is the artist's own: not even its title reaches followers.
    expect((await delivered(fan)).has(id)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, unlockAt - Date.now()) + 300));
    expect((await delivered(fan)).get(id)).toMatchObject({ locked: false, file_path: `${artistId}/Timed Drop.mp3` });
  });

  it('raising the tier delivers the newly allowed item (the subscription row is part of the checkpoint)', async () => {
    const artistId = await artist();
    const fan = await fanDevice();
    await followArtist(fan.engine.db, { fanId: fan.userId, artistId, artistName: 'Tiers' });
    const id = await publish(artistId, 'Tier2 Drop', { tier: 'tier2', isPublic: true });
    expect((await delivered(fan)).get(id)).toMatchObject({ follower_tier: 'free', locked: true, file_path: null });
    // Paid tiers come from the payment side (service role), not from the fan.
    await suite.backend.query(`update public.subscriptions set tier = 'tier2' where fan_id = $1 and artist_id = $2`, [
      fan.userId,
      artistId,
    ]);
    expect((await delivered(fan)).get(id)).toMatchObject({
      follower_tier: 'tier2',
      locked: false,
      file_path: `${artistId}/Tier2 Drop.mp3`,
    });
  });

  it('unfollowing stops new items and removes the delivered ones', async () => {
    const artistId = await artist();
    const fan = await fanDevice();
    await followArtist(fan.engine.db, { fanId: fan.userId, artistId, artistName: 'Gone' });
    const first = await publish(artistId, 'Before', { isPublic: true });
    expect((await delivered(fan)).has(first)).toBe(true);
    await unfollowArtist(fan.engine.db, fan.userId, artistId);
    await fan.engine.resync();
    const { rows } = await suite.backend.query(
      'select _deleted from public.subscriptions where fan_id = $1 and artist_id = $2',
      [fan.userId, artistId],
    );
    expect(rows[0]?._deleted).toBe(true);
    const after = await publish(artistId, 'After', { isPublic: true });
    const rowsNow = await delivered(fan);
    expect(rowsNow.has(first)).toBe(false);
    expect(rowsNow.has(after)).toBe(false);

    // Following again delivers everything again.
    await followArtist(fan.engine.db, { fanId: fan.userId, artistId, artistName: 'Back' });
    await fan.engine.resync();
    const back = await delivered(fan);
    expect(back.has(first) && back.has(after)).toBe(true);
  });
});
