/**
 * Offline reward claims through the real sync engine (fake IndexedDB, switchable network): a claim
 * made offline for a day the server no longer allows is rolled back on the device after reconnect
 * — marked rejected with the server's reason, shown unclaimed, its message ready for the fan —
 * while a valid claim made in the same offline session is accepted and stays claimed.
 */
import { describe, expect, it } from 'vitest';
import type { DailyRewardDoc } from '../../../sync/schemas/daily-rewards';
import type { RewardClaimDoc } from '../../../sync/schemas/reward-claims';
import type { SyncRejection } from '../../../sync';
import { computeStreak } from '../../../src/features/rewards/reward-actions';
import { refusedClaimMessages, rewardsFromRows } from '../../../src/features/rewards/rewards-from-rows';
import { writeRewardClaim } from '../../../src/features/rewards/reward-writes';
import { seedSampleFan } from '../helpers/backend';
import { openDevice, signUp, useDeviceSuite, waitFor, waitForStatus, type Device } from '../sync/devices';

const suite = useDeviceSuite();
const open = suite.open;

async function fanDevice(tag: string): Promise<Device> {
  const email = `${tag}-${Date.now().toString(36)}@example.test`;
  await seedSampleFan(suite.backend, await signUp(suite.backend, email));
  const device = await openDevice(suite.backend, email, { collections: ['daily_rewards', 'reward_claims'] });
  open.push(device);
  await device.engine.start();
  await device.engine.resync();
  return device;
}

async function localCalendar(device: Device) {
  const rows = (await device.engine.db.daily_rewards.find().exec()).map((d) => d.toMutableJSON() as DailyRewardDoc);
  const claims = (await device.engine.db.reward_claims.find().exec()).map((d) => d.toMutableJSON() as RewardClaimDoc);
  return { rows, claims, rewards: rewardsFromRows(rows, claims, new Date()) };
}

describe('a claim made offline that the server refuses', () => {
  it('is rolled back locally after reconnect and the fan is told why; the valid claim stays', async () => {
    const device = await fanDevice('rollback');
    const fan = device.userId;
    const before = await localCalendar(device);
    expect(before.rows).toHaveLength(30);
    expect(before.rewards.filter((r) => r.isClaimed).map((r) => r.day)).toEqual([1, 2, 3, 4, 5]);
    expect(before.rewards.find((r) => r.day === 7)).toMatchObject({ isUnlocked: true, isClaimed: false });

    const rejections: SyncRejection[] = [];
    const sub = device.engine.errors$.subscribe((r) => rejections.push(r));

    // Offline for a day: the fan claims today (6) and the early-unlocked day 7 on the device…
    device.setOffline(true);
    await writeRewardClaim(device.engine.db, fan, before.rewards, 6);
    const afterSix = await localCalendar(device);
    await writeRewardClaim(device.engine.db, fan, afterSix.rewards, 7);
    await waitForStatus(device, 'offline');
    const offline = await localCalendar(device);
    expect(offline.rewards.filter((r) => r.isClaimed).map((r) => r.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(computeStreak(offline.rewards)).toBe(6);

    // …while the server withdrew day 7's early unlock.
    await suite.backend.query('update public.daily_rewards set unlocked_early = false where fan_id = $1 and day = 7', [fan]);

    device.setOffline(false);
    await device.engine.resync(); // what the `online` event triggers in a browser
    const claim7 = await waitFor(async () => {
      const doc = await device.engine.db.reward_claims.findOne(`${fan}|7`).exec();
      return doc?.sync_state === 'rejected' ? (doc.toMutableJSON() as RewardClaimDoc) : null;
    });
    expect(claim7.sync_error?.message).toMatch(/Day 7 is still locked - come back on \d{4}-\d{2}-\d{2}/);
    await waitFor(
      async () => (await device.engine.db.reward_claims.findOne(`${fan}|6`).exec())?.sync_state === 'clean',
    );

    // The server holds exactly the valid claim.
    const server = await suite.backend.query('select day from public.reward_claims where fan_id = $1 order by day', [fan]);
    expect(server.rows.map((r: { day: number }) => r.day)).toEqual([1, 2, 3, 4, 5, 6]);

    // The UI-level mapping: day 7 is unclaimed (and locked again after the pull), the reason is shown.
    await device.engine.resync();
    const after = await localCalendar(device);
    expect(after.rewards.find((r) => r.day === 6)).toMatchObject({ isClaimed: true, isToday: true });
    expect(after.rewards.find((r) => r.day === 7)).toMatchObject({ isClaimed: false, isUnlocked: false });
    expect(computeStreak(after.rewards)).toBe(6);
    const messages = refusedClaimMessages(after.claims);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^Day 7 could not be claimed: Day 7 is still locked - come back on /);
    expect(rejections.map((r) => [r.collection, r.id])).toEqual([['reward_claims', `${fan}|7`]]);
    sub.unsubscribe();

    // The rejected row is not pushed again by itself.
    await device.engine.resync();
    expect(
      (await suite.backend.query('select count(*)::int as n from public.reward_claims where fan_id = $1', [fan])).rows[0].n,
    ).toBe(6);
  });
});
