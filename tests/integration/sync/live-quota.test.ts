// A device that Realtime's project quota refuses, disconnects or silently skips loses nothing:
// the poll brings the row, and the device returns to live once the quota allows. Small quotas and
// a 12-bucket window of 1-s ticks (hosted: 5-s ticks) keep the quota triggered long enough to see.
import { firstValueFrom, filter, timeout } from 'rxjs';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { upsertMediaId, mediaIdKey } from '../../../sync';
import type { LocalBackend } from '../helpers/backend';
import { openDevice, signUp, useDeviceSuite, waitFor, type Device } from './devices';
import { waitForConnection } from './live-helpers';

const suite = useDeviceSuite({
  realtime: { messagesPerSecond: 30, joinsPerSecond: 10, quotaTickMs: 1_000, quotaBuckets: 12 },
});
const FAST = { pollIntervalMs: 1_000, realtimeQuotaBackoffMs: 1_000 } as const;

async function devicesOf(tag: string): Promise<{ email: string }> {
  const email = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await signUp(suite.backend, email);
  return { email };
}

/** Accepted joins of public channels from raw sockets (100 per socket): the joins quota fills. */
async function joinStorm(backend: LocalBackend, joins: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let left = joins; left > 0; left -= 100) {
    const ws = new WebSocket(
      `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
    );
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    sockets.push(ws);
    for (let i = 0; i < Math.min(left, 100); i++)
      ws.send(JSON.stringify([`s${i}`, `s${i}`, `realtime:storm-${sockets.length}-${i}`, 'phx_join', { config: {} }]));
  }
  return sockets;
}

async function writeInterests(device: Device, interests: string[]): Promise<string> {
  await upsertMediaId(device.engine.db, { user_uuid: device.userId, role: 'fan', interests });
  return mediaIdKey(device.userId, 'fan');
}

function arrives(device: Device, id: string, interests: string[], ms = 20_000) {
  const want = JSON.stringify(interests);
  return firstValueFrom(
    device.engine.db.media_ids.findOne(id).$.pipe(
      filter((doc) => doc !== null && JSON.stringify(doc.toJSON().interests) === want),
      timeout(ms),
    ),
  );
}

describe('live sync under the project quota', () => {
  it('a device refused by the joins quota (socket disconnected) polls, receives the row, and goes live once allowed', async () => {
    const { email } = await devicesOf('quota-joins');
    const writer = await openDevice(suite.backend, email, { realtime: false });
    suite.open.push(writer);
    await writer.engine.start();

    const storm = await joinStorm(suite.backend, 200); // 200 joins: about 17/s over the 12-s window, past 10/s
    await waitFor(async () => suite.backend.realtime.stats().quota.joins.triggered);

    const refused = suite.backend.realtime.stats().quota.joinsRefused;
    const reader = await openDevice(suite.backend, email, FAST);
    suite.open.push(reader);
    await reader.engine.start();
    await reader.engine.resync();
    await waitFor(async () => suite.backend.realtime.stats().quota.joinsRefused > refused);
    // refused, and the socket disconnected: the device says polling
    await waitFor(async () => !reader.client.realtime.isConnected());
    await waitForConnection(reader, 'polling', 1_000);

    const interests = ['Rising talent', 'Early releases', 'Jazz nights'];
    const id = await writeInterests(writer, interests);
    await arrives(reader, id, interests, 10_000);
    expect(suite.backend.realtime.stats().quota.joins.triggered).toBe(true); // the poll brought it, not a channel

    storm.forEach((ws) => ws.close());
    await waitFor(async () => !suite.backend.realtime.stats().quota.joins.triggered, 20_000);
    await waitForConnection(reader, 'live', 30_000);
  });

  it('while the messages quota drops database messages, a live device still receives the row by its safety-net poll', async () => {
    const { email } = await devicesOf('quota-messages');
    const writer = await openDevice(suite.backend, email, { realtime: false });
    const reader = await openDevice(suite.backend, email, FAST);
    suite.open.push(writer, reader);
    await Promise.all([writer.engine.start(), reader.engine.start()]);
    await reader.engine.resync();
    await waitForConnection(reader, 'live', 15_000);

    // 400 messages in one second: 33/s over the 12-s window, past 30/s
    await suite.backend.query(
      `select realtime.send('{}'::jsonb, 'noise', 'noise:' || i, true) from generate_series(1, 400) i`,
    );
    await suite.backend.realtime.flush();
    await waitFor(async () => suite.backend.realtime.stats().quota.messages.triggered);
    const dropped = suite.backend.realtime.stats().quota.droppedFromDatabase;

    const interests = ['Underground scenes', 'Exclusive content', 'Rising talent'];
    const id = await writeInterests(writer, interests);
    await waitFor(async () => suite.backend.realtime.stats().quota.droppedFromDatabase > dropped);
    // hosted tells nobody: the device stays live and its slowed poll (10 × 1 s here) brings the row
    await arrives(reader, id, interests, 20_000);
    await waitForConnection(reader, 'live', 1_000);
  });
});
