// Live sync through Supabase Realtime on the in-process backend: devices poll once an hour and
// hear no focus/online events, so a row that arrives came through the realtime channel.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { openDevice, signUp, useDeviceSuite, waitFor, type Device } from './devices';
import { liveDevicesOf, localInterests, waitForConnection, waitForInterests, writeInterests } from './live-helpers';

const suite = useDeviceSuite();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw channel on a device's socket counting media_ids events that name `userId`. */
async function spyOnMediaIds(device: Device, userId: string): Promise<{ events: unknown[]; channel: RealtimeChannel }> {
  const events: unknown[] = [];
  const channel = device.client
    .channel(`spy-${device.name}`)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'media_ids', filter: `user_uuid=eq.${userId}` },
      (p) => events.push(p),
    );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else reject(error ?? new Error(status));
    });
  });
  return { events, channel };
}

describe('live sync (realtime)', () => {
  it('a write on A lands in B’s local database with realtime as the only trigger', async () => {
    const [a, b] = (await liveDevicesOf(suite.backend, 'live-pair', 2)) as [Device, Device];
    suite.open.push(a, b);
    for (const interests of [
      ['Rising talent', 'Early releases', 'Jazz nights'],
      ['Underground scenes', 'Exclusive content', 'Rising talent'],
    ]) {
      const id = await writeInterests(a, interests);
      await waitForInterests(b, id, interests);
    }
    // …and back: B's write reaches A the same way.
    const id = await writeInterests(b, ['Production insights', 'Artist interactions', 'High-quality audio']);
    await waitForInterests(a, id, ['Production insights', 'Artist interactions', 'High-quality audio']);
    expect(b.client.realtime.getChannels()).toHaveLength(1);
  });

  it('another user never receives A’s rows, even subscribing with a filter naming A', async () => {
    const [a, b] = (await liveDevicesOf(suite.backend, 'live-owner', 2)) as [Device, Device];
    const [c] = (await liveDevicesOf(suite.backend, 'live-other', 1)) as [Device];
    suite.open.push(a, b, c);
    const ownSpy = await spyOnMediaIds(b, a.userId);
    const otherSpy = await spyOnMediaIds(c, a.userId);

    const id = await writeInterests(a, ['Rising talent', 'Early releases', 'Jazz nights']);
    await waitForInterests(b, id, ['Rising talent', 'Early releases', 'Jazz nights']);
    await sleep(500); // anything addressed to C would be on its way by now
    // The spy works (A's own other device hears it), C's hears nothing and C's database has nothing.
    expect(ownSpy.events.length).toBeGreaterThanOrEqual(1);
    expect(otherSpy.events).toEqual([]);
    expect(await localInterests(c, id)).toBeNull();
    expect(await c.engine.db.media_ids.find({ selector: { user_uuid: a.userId } }).exec()).toEqual([]);
    await Promise.all([b.client.removeChannel(ownSpy.channel), c.client.removeChannel(otherSpy.channel)]);
  });

  it('a device cut off misses the event, rejoins on its own after the backoff and catches up', async () => {
    const [a, b] = (await liveDevicesOf(suite.backend, 'live-cut', 2)) as [Device, Device];
    suite.open.push(a, b);
    b.setOffline(true); // its socket drops; no `online` event will tell it when the network is back
    await waitForConnection(b, 'polling', 5_000);
    const interests = ['Rising talent', 'Early releases', 'Exclusive content'];
    const id = await writeInterests(a, interests);
    await waitFor(
      async () => (await suite.backend.query('select 1 from public.media_ids where id = $1', [id])).rows.length === 1,
    );
    await sleep(300);
    expect(await localInterests(b, id)).toBeNull();
    b.setOffline(false);
    // The event was missed for good; only the pull after the rejoin can bring the row.
    await waitForConnection(b, 'live', 15_000);
    await waitForInterests(b, id, interests);
  });

  it('a refreshed access token is handed to the socket and the channel keeps delivering', async () => {
    const [a, b] = (await liveDevicesOf(suite.backend, 'live-token', 2)) as [Device, Device];
    suite.open.push(a, b);
    const before = b.client.realtime.accessTokenValue;
    const { data, error } = await b.client.auth.refreshSession();
    expect(error).toBeNull();
    const fresh = data.session?.access_token;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(before);
    await sleep(100);
    expect(b.client.realtime.accessTokenValue).toBe(fresh);
    const id = await writeInterests(a, ['Rising talent', 'Early releases', 'Behind-the-scenes access']);
    await waitForInterests(b, id, ['Rising talent', 'Early releases', 'Behind-the-scenes access']);
    await waitForConnection(b, 'live', 1_000);
  });

  it('stopping the engine leaves the channel and closes the socket; polling-only engines hold none', async () => {
    const [a] = (await liveDevicesOf(suite.backend, 'live-stop', 1)) as [Device];
    suite.open.push(a);
    expect(a.client.realtime.getChannels()).toHaveLength(1);
    await a.engine.stop();
    expect(a.client.realtime.getChannels()).toHaveLength(0);
    expect(a.client.realtime.isConnected()).toBe(false);
    await waitForConnection(a, 'offline', 1_000);
  });

  it('with realtime off the engine says polling and opens no socket', async () => {
    const email = `live-off-${Date.now().toString(36)}@example.test`;
    await signUp(suite.backend, email);
    const device = await openDevice(suite.backend, email, { realtime: false });
    suite.open.push(device);
    await device.engine.start();
    await device.engine.resync();
    await waitForConnection(device, 'polling', 1_000);
    expect(device.client.realtime.getChannels()).toHaveLength(0);
    expect(device.client.realtime.isConnected()).toBe(false);
  });
});
