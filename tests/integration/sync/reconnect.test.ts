// A write made while the device cannot reach the backend must reach the server within seconds of
// the device being able to again (the `online` event, a focus, the interval tick) — not after the
// engine's backoff (30-60 s). While the browser reports offline nothing is retried.
import { firstValueFrom, filter, timeout } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { mediaIdKey, upsertMediaId, type SyncEngineOptions } from '../../../sync';
import { openDevice, signUp, useDeviceSuite, waitFor, type Device } from './devices';

const suite = useDeviceSuite();
const open = suite.open;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A browser-like connectivity for a device: `navigator.onLine` plus window events. */
function simulatedBrowser() {
  const events = new EventTarget();
  let online = true;
  return {
    connectivity: { events, isOnline: () => online },
    setNavigatorOnline(value: boolean) {
      online = value;
      events.dispatchEvent(new Event(value ? 'online' : 'offline'));
    },
    dispatch(type: string) {
      events.dispatchEvent(new Event(type));
    },
  };
}

async function openUserDevice(tag: string, extra: Partial<SyncEngineOptions>): Promise<Device> {
  const email = `${tag}-${Date.now().toString(36)}@example.test`;
  await signUp(suite.backend, email);
  const device = await openDevice(suite.backend, email, extra);
  open.push(device);
  await device.engine.start();
  await device.engine.resync();
  return device;
}

async function serverHas(id: string): Promise<boolean> {
  const { rows } = await suite.backend.query('select id from public.media_ids where id = $1', [id]);
  return rows.length === 1;
}

function networkFailure(device: Device) {
  return firstValueFrom(device.engine.failure$.pipe(filter((f) => f?.kind === 'network'), timeout(10_000)));
}

async function writeMediaId(device: Device): Promise<string> {
  await upsertMediaId(device.engine.db, {
    user_uuid: device.userId,
    role: 'fan',
    interests: ['Rising talent', 'Early releases', 'Jazz nights'],
  });
  return mediaIdKey(device.userId, 'fan');
}

/** Seconds from `reconnect` until the row is on the server (fails after `withinMs`). */
async function secondsUntilOnServer(id: string, reconnect: () => void, withinMs: number): Promise<number> {
  const started = Date.now();
  reconnect();
  await waitFor(() => serverHas(id), withinMs);
  return (Date.now() - started) / 1000;
}

// A backoff (and probe interval) far longer than the assertion window: a push that waits it out
// cannot pass.
const LONG_BACKOFF = { retryTimeMs: 30_000, maxRetryTimeMs: 60_000, reconnectProbeMs: 30_000 } as const;
const WITHIN_MS = 3_000;

describe('writes made offline are pushed at once on reconnect', () => {
  it('the `online` event pushes a write that failed while the browser was offline', async () => {
    const browser = simulatedBrowser();
    const device = await openUserDevice('reconnect-online', { ...LONG_BACKOFF, connectivity: browser.connectivity });
    browser.setNavigatorOnline(false);
    device.setOffline(true);
    const failed = networkFailure(device);
    const id = await writeMediaId(device);
    await failed; // the push was tried and failed
    await sleep(500);
    expect(await serverHas(id)).toBe(false);

    const seconds = await secondsUntilOnServer(
      id,
      () => {
        device.setOffline(false);
        browser.setNavigatorOnline(true);
      },
      WITHIN_MS,
    );
    console.info(`offline write reached the server ${seconds.toFixed(2)} s after 'online'`);
    expect(seconds).toBeLessThan(WITHIN_MS / 1000);
  });

  it('a focus pushes a write that failed while the backend was unreachable', async () => {
    const type = 'focus';
    // navigator.onLine stays true (a captive portal, a backend outage): the backoff runs, a
    // trigger cuts it short.
    const browser = simulatedBrowser();
    const device = await openUserDevice('reconnect-focus', { ...LONG_BACKOFF, connectivity: browser.connectivity });
    device.setOffline(true);
    const failed = networkFailure(device);
    const id = await writeMediaId(device);
    await failed;
    await sleep(500);
    expect(await serverHas(id)).toBe(false);

    const seconds = await secondsUntilOnServer(
      id,
      () => {
        device.setOffline(false);
        browser.dispatch(type);
      },
      WITHIN_MS,
    );
    console.info(`write reached the server ${seconds.toFixed(2)} s after '${type}'`);
    expect(seconds).toBeLessThan(WITHIN_MS / 1000);
  });

  it('the interval tick pushes a write that failed while the backend was unreachable', async () => {
    const browser = simulatedBrowser();
    const device = await openUserDevice('reconnect-tick', {
      ...LONG_BACKOFF,
      pollIntervalMs: 1_000,
      connectivity: browser.connectivity,
    });
    device.setOffline(true);
    const failed = networkFailure(device);
    const id = await writeMediaId(device);
    await failed;
    await sleep(200);
    expect(await serverHas(id)).toBe(false);

    const seconds = await secondsUntilOnServer(id, () => device.setOffline(false), WITHIN_MS);
    console.info(`write reached the server ${seconds.toFixed(2)} s after the backend came back (1 s tick)`);
    expect(seconds).toBeLessThan(WITHIN_MS / 1000);
  });

  it('navigator.onLine stays true and no event fires (an offline reload): a probe finds the backend back', async () => {
    const browser = simulatedBrowser();
    const device = await openUserDevice('reconnect-probe', {
      ...LONG_BACKOFF,
      reconnectProbeMs: 1_000,
      connectivity: browser.connectivity,
    });
    device.setOffline(true);
    const failed = networkFailure(device);
    const id = await writeMediaId(device);
    await failed;
    device.engine.resync().catch(() => undefined); // every collection fails and waits
    await sleep(500);
    // While unreachable: one probe per second, not one request per collection.
    const before = device.network.requests;
    await sleep(3_000);
    expect(device.network.requests - before).toBeLessThanOrEqual(4);
    expect(await serverHas(id)).toBe(false);

    const seconds = await secondsUntilOnServer(id, () => device.setOffline(false), WITHIN_MS);
    console.info(`write reached the server ${seconds.toFixed(2)} s after the backend came back (no event, 1 s probe)`);
    expect(seconds).toBeLessThan(WITHIN_MS / 1000);
  });

  it('while the browser reports offline, failed requests are not retried (no burnt retries)', async () => {
    const browser = simulatedBrowser();
    // A short backoff: without the offline rule it would retry several times per second.
    const device = await openUserDevice('reconnect-quiet', {
      retryTimeMs: 50,
      maxRetryTimeMs: 100,
      pollIntervalMs: 200,
      connectivity: browser.connectivity,
    });
    browser.setNavigatorOnline(false);
    device.setOffline(true);
    const failed = networkFailure(device);
    const id = await writeMediaId(device);
    await failed;
    await sleep(300);
    const before = device.network.requests;
    await sleep(1_500);
    browser.dispatch('focus');
    await sleep(300);
    expect(device.network.requests - before).toBe(0);

    device.setOffline(false);
    browser.setNavigatorOnline(true);
    await waitFor(() => serverHas(id), WITHIN_MS);
  });
});
