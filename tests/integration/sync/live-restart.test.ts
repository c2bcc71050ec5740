// The backend restarts mid-session (stop, then start on the same port and data directory): the
// devices' channels drop, reconnect on the spec's backoff, catch up and converge — with polling
// effectively off, so the convergence is the live engine's doing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withBackend, type LocalBackend } from '../helpers/backend';
import type { Device } from './devices';
import { liveDevicesOf, waitForConnection, waitForInterests, writeInterests } from './live-helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'bucket-live-restart-'));
let backend: LocalBackend | null = null;
const devices: Device[] = [];

afterAll(async () => {
  await Promise.all(devices.map((d) => d.engine.close()));
  await backend?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('backend restart mid-session', () => {
  it('clients reconnect with backoff and converge, a write made during the outage included', async () => {
    backend = await withBackend({ dataDir });
    const port = Number(new URL(backend.url).port);
    const [a, b] = (await liveDevicesOf(backend, 'live-restart', 2, { retryTimeMs: 200, maxRetryTimeMs: 1_000 })) as [
      Device,
      Device,
    ];
    devices.push(a, b);
    const first = await writeInterests(a, ['Rising talent', 'Early releases', 'Jazz nights']);
    await waitForInterests(b, first, ['Rising talent', 'Early releases', 'Jazz nights']);

    const transitions: string[] = [];
    const watch = b.engine.connection$.subscribe((mode) => transitions.push(mode));
    await backend.stop();
    backend = null;
    // The channel is down; A writes while the backend is gone (kept locally, pushed later).
    await Promise.all([waitForConnection(a, 'polling'), waitForConnection(b, 'polling')]);
    const during = ['Underground scenes', 'Exclusive content', 'Artist interactions'];
    await writeInterests(a, during);
    await new Promise((r) => setTimeout(r, 1_500)); // a reconnect attempt or two fails meanwhile

    const downAt = Date.now();
    backend = await withBackend({ dataDir, port });
    await Promise.all([waitForConnection(a, 'live', 20_000), waitForConnection(b, 'live', 20_000)]);
    const rejoinedAfter = Date.now() - downAt;
    await waitForInterests(b, first, during, 15_000);
    watch.unsubscribe();
    console.info(`rejoined ${(rejoinedAfter / 1000).toFixed(1)} s after the backend came back`);
    expect(transitions).toContain('polling');
    expect(transitions.at(-1)).toBe('live');
    expect(b.client.realtime.getChannels()).toHaveLength(1);
  });
});
