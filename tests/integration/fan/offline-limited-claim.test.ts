/**
 * Issue 40 item 1, offline: two fans claim the last unit of a limited reward on the train (the
 * claims wait in each device's sync queue); on reconnect the first claim to reach the server is
 * honoured (the item lands in that fan's locker), the second is refused with a clear message,
 * rolled back on the device and never given — through the real sync engine on fake IndexedDB.
 */
import { describe, expect, it } from 'vitest';
import type { DailyRewardDoc } from '../../../sync/schemas/daily-rewards';
import type { RewardClaimDoc } from '../../../sync/schemas/reward-claims';
import { refusedClaimMessages, rewardsFromRows } from '../../../src/features/rewards/rewards-from-rows';
import { writeRewardClaim } from '../../../src/features/rewards/reward-writes';
import { createArtistClient, createUserClient, uniqueEmail } from '../helpers/backend';
import { openDevice, useDeviceSuite, waitFor, type Device } from '../sync/devices';
import { daysPass, isoDay } from './reward-helpers';

const suite = useDeviceSuite();

async function calendarOf(device: Device) {
  const rows = (await device.engine.db.daily_rewards.find().exec()).map((d) => d.toMutableJSON() as DailyRewardDoc);
  const claims = (await device.engine.db.reward_claims.find().exec()).map((d) => d.toMutableJSON() as RewardClaimDoc);
  return { rows, claims, rewards: rewardsFromRows(rows, claims, new Date()) };
}

describe('a limited reward claimed offline by two fans', () => {
  it('is given once on sync; the late claim is refused with its reason and rolled back', async () => {
    const { backend } = suite;
    const artist = await createArtistClient(backend, uniqueEmail('train-artist'), 'train-artist-pass', 'Train Artist');
    const put = await artist.client.rpc('put_up_reward', {
      p_kind: 'item',
      p_title: 'Last signed poster',
      p_description: 'One only',
      p_tier: 0,
      p_quantity: 1,
      p_starts_on: isoDay(0),
      p_ends_on: isoDay(10),
    });
    expect(put.error).toBeNull();

    const devices: Device[] = [];
    for (const tag of ['train-a', 'train-b']) {
      const email = uniqueEmail(tag);
      const fan = await createUserClient(backend, email, 'secret-password');
      const followed = await fan.client
        .from('subscriptions')
        .insert({ fan_id: fan.user.id, artist_id: artist.user.id, artist_name: 'Train Artist' });
      expect(followed.error).toBeNull();
      await daysPass(backend, fan.user.id, 1); // the reward's day (tomorrow at follow time) has come
      const device = await openDevice(backend, email, { collections: ['daily_rewards', 'reward_claims'] });
      suite.open.push(device);
      devices.push(device);
      await device.engine.start();
      await device.engine.resync();
    }

    // both on the train: each claims the poster day on their device
    const posterDay: number[] = [];
    for (const device of devices) {
      const { rows, rewards } = await calendarOf(device);
      const day = rows.find((r) => r.title === 'Last signed poster')!;
      expect(day).toMatchObject({ artist: 'Train Artist', unlock_date: isoDay(0) });
      posterDay.push(day.day);
      device.setOffline(true);
      await writeRewardClaim(device.engine.db, device.userId, rewards, day.day);
      expect((await calendarOf(device)).rewards.find((r) => r.day === day.day)?.isClaimed).toBe(true);
    }

    // A reaches a signal first, then B
    const [a, b] = devices as [Device, Device];
    a.setOffline(false);
    await a.engine.resync();
    await waitFor(
      async () =>
        (await a.engine.db.reward_claims.findOne(`${a.userId}|${posterDay[0]}`).exec())?.sync_state === 'clean',
    );
    b.setOffline(false);
    await b.engine.resync();
    const refused = await waitFor(async () => {
      const doc = await b.engine.db.reward_claims.findOne(`${b.userId}|${posterDay[1]}`).exec();
      return doc?.sync_state === 'rejected' ? (doc.toMutableJSON() as RewardClaimDoc) : null;
    });
    expect(refused.sync_error?.message).toMatch(
      /this reward ran out before your claim reached Bucket, so nothing was given/,
    );

    await b.engine.resync();
    const after = await calendarOf(b);
    expect(after.rewards.find((r) => r.day === posterDay[1])?.isClaimed).toBe(false);
    expect(refusedClaimMessages(after.claims)).toEqual([
      `Day ${posterDay[1]} could not be claimed: this reward ran out before your claim reached Bucket, so nothing was given`,
    ]);
    const given = await backend.query(
      "select fan_id from public.locker_items where title = 'Last signed poster' and not _deleted",
    );
    expect(given.rows).toEqual([{ fan_id: a.userId }]);
    const count = await backend.query('select claimed_count from public.reward_offers where id = $1', [put.data]);
    expect(count.rows[0].claimed_count).toBe(1);
  });
});
