// Live sync of followed artists through the real engine: a follower's device joins the artist's
// private topic once it follows (and leaves it on unfollow), and an artist's new drop lands in
// the follower's local database with realtime as the only trigger (no polling, no focus).
import { firstValueFrom, filter, timeout } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { followArtist, unfollowArtist } from '../../../sync';
import { artistTopic, everyoneTopic } from '../../../sync/live/live-topics';
import { STORED_OBJECT, storedObjectsSql } from '../../fixtures/content-items';
import { createArtistClient, uniqueEmail } from '../helpers/backend';
import { useDeviceSuite, waitFor, type Device } from './devices';
import { liveDevicesOf, waitForConnection } from './live-helpers';

const suite = useDeviceSuite();

const FAN_COLLECTIONS = { collections: ['subscriptions', 'followed_content', 'locker_items'] } as const;

/** The realtime topics a device has joined. */
function joinedTopics(device: Device): string[] {
  return device.client.realtime
    .getChannels()
    .filter((c) => c.state === 'joined')
    .map((c) => c.topic.replace(/^realtime:/, ''))
    .sort();
}

async function publish(artistId: string, title: string): Promise<string> {
  // the file first, as an upload stores it (tests/fixtures/content-items.ts)
  await suite.backend.query(storedObjectsSql([`${artistId}/${title}.mp3`]));
  const { rows } = await suite.backend.query(
    `insert into public.content_items (artist_id, title, file_path, file_type, file_size, is_public)
     values ($1::uuid, $2, $1::text || '/' || $2 || '.mp3', $3, $4, true) returning id`,
    [artistId, title, STORED_OBJECT.mimetype, STORED_OBJECT.size],
  );
  return String(rows[0]!.id);
}

function arrives(device: Device, id: string, ms = 10_000) {
  return firstValueFrom(
    device.engine.db.followed_content.findOne(id).$.pipe(
      filter((doc) => doc !== null),
      timeout(ms),
    ),
  );
}

describe('live sync of followed artists', () => {
  it("a follower's device joins the artist's topic and receives a new drop live; an unfollow leaves it", async () => {
    const artist = await createArtistClient(suite.backend, uniqueEmail('live-drop-artist'), 'artist-pass');
    const artistId = artist.user.id;
    const [fan] = (await liveDevicesOf(suite.backend, 'live-drop-fan', 1, FAN_COLLECTIONS)) as [Device];
    suite.open.push(fan);
    expect(joinedTopics(fan)).toEqual([everyoneTopic(fan.userId), `user:${fan.userId}`].sort());

    await followArtist(fan.engine.db, { fanId: fan.userId, artistId, artistName: 'Live Artist' });
    // The join is refused until the follow reaches the server; the topic's backoff retries it.
    await waitFor(async () => joinedTopics(fan).includes(artistTopic(artistId, fan.userId)), 15_000);

    const started = Date.now();
    const id = await publish(artistId, 'Live Drop');
    const doc = await arrives(fan, id);
    console.info(`drop reached the follower's local database ${Date.now() - started} ms after the write`);
    expect(doc.toJSON()).toMatchObject({ title: 'Live Drop', artist_id: artistId, locked: false });

    await unfollowArtist(fan.engine.db, fan.userId, artistId);
    await waitFor(async () => !joinedTopics(fan).includes(artistTopic(artistId, fan.userId)));
    expect(joinedTopics(fan)).toEqual([everyoneTopic(fan.userId), `user:${fan.userId}`].sort());
  });

  it('a drop for every fan (no owner) reaches the device live through its `everyone` shard', async () => {
    const [fan] = (await liveDevicesOf(suite.backend, 'live-everyone', 1, FAN_COLLECTIONS)) as [Device];
    suite.open.push(fan);
    const id = `everyone-${Date.now().toString(36)}`;
    await suite.backend.query(
      `insert into public.locker_items (id, fan_id, type, title, artist, rarity, expires_at)
       values ($1, null, 'bonus', 'For everyone', 'Bucket', 'rare', now() + interval '1 day')`,
      [id],
    );
    const doc = await firstValueFrom(
      fan.engine.db.locker_items.findOne(id).$.pipe(
        filter((d) => d !== null),
        timeout(10_000),
      ),
    );
    expect(doc.toJSON()).toMatchObject({ title: 'For everyone', fan_id: null });
  });

  it("another user's device never joins a topic it may not read", async () => {
    const artist = await createArtistClient(suite.backend, uniqueEmail('live-noread-artist'), 'artist-pass');
    const [fan] = (await liveDevicesOf(suite.backend, 'live-noread-fan', 1, FAN_COLLECTIONS)) as [Device];
    suite.open.push(fan);
    // A follow the server refuses for good (a paid tier from the client) never opens the topic.
    await fan.engine.db.subscriptions.insert({
      id: `${fan.userId}|${artist.user.id}`,
      fan_id: fan.userId,
      artist_id: artist.user.id,
      artist_name: 'Paid',
      tier: 'tier3',
      fan_tier: 3,
      price: 0,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      sync_state: 'dirty',
      sync_modified: null,
    });
    await new Promise((r) => setTimeout(r, 3_500)); // the 1 s and 2 s retries are refused too
    expect(joinedTopics(fan)).toEqual([everyoneTopic(fan.userId), `user:${fan.userId}`].sort());
    await waitForConnection(fan, 'live', 1_000); // a refused artist topic never takes the device off live
  });
});
