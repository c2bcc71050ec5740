// Short-lived access tokens (6 s): the backend closes a channel whose token expired, and the engine
// rejoins with the session's refreshed token (realtime.setAuth() before every join) and keeps
// delivering — no reload, no manual refresh.
import { describe, expect, it } from 'vitest';
import { useDeviceSuite, type Device } from './devices';
import { liveDevicesOf, waitForConnection, waitForInterests, writeInterests } from './live-helpers';

const suite = useDeviceSuite({ jwtExpirySeconds: 6 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live sync with expiring tokens', () => {
  it('a channel closed for an expired token rejoins with a fresh one and keeps delivering', async () => {
    const [a, b] = (await liveDevicesOf(suite.backend, 'live-expiry', 2)) as [Device, Device];
    suite.open.push(a, b);
    const first = b.client.realtime.accessTokenValue;
    const modes: string[] = [];
    const watch = b.engine.connection$.subscribe((mode) => modes.push(mode));
    await sleep(8_000); // past the token's expiry: the server has closed B's channel
    await waitForConnection(b, 'live', 15_000);
    watch.unsubscribe();
    expect(modes).toContain('polling'); // it was closed…
    expect(b.client.realtime.accessTokenValue).not.toBe(first); // …and rejoined with a new token
    const id = await writeInterests(a, ['Rising talent', 'Early releases', 'Jazz nights']);
    await waitForInterests(b, id, ['Rising talent', 'Early releases', 'Jazz nights']);
  });
});
