/**
 * Attacks on webhook delivery (security issue 38, items 3 and 4) through the in-process backend:
 * endpoints that point inward (refused by the table's check, and by the worker after DNS
 * resolution: the backend's own port, the app's ports, a public name resolving to 10.x), the
 * hosted rule through the Edge Function's handler, a stalled app that must not delay another
 * app's delivery, the stored answer excerpt, endpoints disabled after failures or by their app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleDeliveryRequest } from '../../../supabase/functions/deliver-webhooks/handler.ts';
import { signWithStandardWebhooks } from '../../../supabase/local/webhooks/delivery';
import { serviceClient, withBackend, type LocalBackend } from '../helpers/backend';
import { grant, person, registerApp, type Actor } from '../mediaid-api/helpers';
import { startReceiver, type Receiver } from './receiver';

// A name server the test controls: public-looking names that resolve inward.
const DNS: Record<string, string[]> = {
  'hooks.inward.test': ['10.0.0.5'],
  'metadata.inward.test': ['169.254.169.254'],
  'mixed.inward.test': ['93.184.215.14', '127.0.0.1'],
  'mapped.inward.test': ['::ffff:127.0.0.1'],
};
const resolve = async (host: string) => DNS[host] ?? [];

let backend: LocalBackend;
let dev: Actor;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // worker off (each test runs passes itself); sends that stall stay pending for the whole test
  backend = await withBackend({ webhooks: { timeoutMs: 60_000, resolve } });
  dev = await person(backend, ['developer'], {}, 'wh-safe-dev');
});
afterAll(async () => {
  await backend.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function endpoint(clientId: string, url: string) {
  return dev.client.from('developer_webhooks').insert({ client_id: clientId, url }).select('id').single();
}

async function addEndpoint(clientId: string, url: string): Promise<string> {
  const { data, error } = await endpoint(clientId, url);
  if (error) throw new Error(`${url}: ${error.message}`);
  return (data as { id: string }).id;
}

/** A fan who grants the app, then changes a preference: one preference.updated per endpoint. */
async function event(clientId: string, tag: string): Promise<void> {
  const fan = await person(backend, ['fan'], {}, 'wh-safe-fan');
  const g = await grant(fan, clientId, 'fan', ['preferences:read']);
  if (g.error) throw new Error(g.error.message);
  const { error } = await fan.client
    .from('media_ids')
    .update({ interests: [tag] })
    .eq('role', 'fan');
  if (error) throw new Error(error.message);
}

async function outbox(webhookId: string) {
  const { data, error } = await serviceClient(backend)
    .from('webhook_outbox')
    .select('id, attempts, last_status, last_error, delivered_at, gave_up_at')
    .eq('webhook_id', webhookId);
  if (error) throw new Error(error.message);
  return data!;
}

/** The endpoint as its developer sees it in the portal. */
async function seenByDeveloper(webhookId: string) {
  const { data, error } = await dev.client
    .from('developer_webhooks')
    .select('enabled, disabled_reason')
    .eq('id', webhookId)
    .single();
  if (error) throw new Error(error.message);
  return data as { enabled: boolean; disabled_reason: string | null };
}

/** Skips the waits a test would otherwise sit through: the message and its endpoint are due now. */
async function makeDue(webhookId: string): Promise<void> {
  await backend.query(
    "update public.webhook_outbox set next_attempt_at = now() - interval '1 second' where webhook_id = $1",
    [webhookId],
  );
  await backend.query('update public.developer_webhooks set paused_until = null where id = $1', [webhookId]);
}

describe('the table refuses endpoints that point inward', () => {
  it('loopback beyond the local http hosts, mapped, unspecified, private, link-local, metadata, internal names', async () => {
    const app = await registerApp(dev, ['preferences:read'], 'Inward Check');
    const inward = [
      'https://127.0.0.2/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://localhost./hook',
      'https://localhost/hook',
      'https://api.localhost/hook',
      'https://0.0.0.0/hook',
      'https://[::]/hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.1/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://2130706433/hook', // 127.0.0.1 as one number (WHATWG URL reads it as IPv4)
      'https://0x7f.1/hook',
      'https://kong/hook', // a single label: a name of the platform's own network
      'https://db.internal/hook',
      'http://127.0.0.2:8080/hook',
      'http://10.0.0.1/hook',
    ];
    const accepted: string[] = [];
    for (const url of inward) if (!(await endpoint(app, url)).error) accepted.push(url);
    expect(accepted).toEqual([]);
    // what a developer really uses still goes in
    for (const url of ['https://hooks.example.com/bucket', 'https://93.184.215.14/x', 'http://127.0.0.1:8788/hook']) {
      expect((await endpoint(app, url)).error).toBeNull();
    }
  });
});

describe('the worker refuses inward destinations the table lets through', () => {
  it("the backend's own port, the app's ports, names resolving inward: nothing is sent, the developer sees why", async () => {
    const app = await registerApp(dev, ['preferences:read'], 'Inward Worker');
    const port = new URL(backend.url).port;
    const urls = [
      `http://127.0.0.1:${port}/rest/v1/rpc/webhook_outbox_claim`,
      `http://localhost:${port}/auth/v1/settings`,
      `http://[::1]:${port}/rest/v1/`,
      'http://localhost:4173/',
      'http://127.0.0.1:5173/',
      'https://hooks.inward.test/hook',
      'https://metadata.inward.test/latest/meta-data',
      'https://mixed.inward.test/hook',
      'https://mapped.inward.test/hook',
    ];
    const ids = new Map<string, string>();
    for (const url of urls) ids.set(url, await addEndpoint(app, url));
    await event(app, 'inward');
    const attempts = await backend.webhooks.deliverNow();
    for (const [url, id] of ids) {
      const [msg] = await outbox(id);
      expect(attempts.find((a) => a.id === msg!.id)?.status ?? null, url).toBeNull();
      expect(msg, url).toMatchObject({ last_status: null, delivered_at: null, gave_up_at: expect.any(String) });
      expect(msg!.last_error, url).toMatch(/^refused: /);
      expect(await seenByDeveloper(id), url).toEqual({
        enabled: false,
        disabled_reason: expect.stringMatching(/refused/),
      });
    }
  });

  it('the hosted rule (Edge Function handler, no loopback): a loopback receiver is refused, nothing reaches it', async () => {
    const rcv = await receiver();
    const app = await registerApp(dev, ['preferences:read'], 'Hosted Rule');
    const id = await addEndpoint(app, rcv.url());
    await event(app, 'hosted');
    const res = await handleDeliveryRequest(
      new Request('http://functions.local/deliver-webhooks', {
        method: 'POST',
        headers: { authorization: `Bearer ${backend.serviceRoleKey}` },
      }),
      { supabaseUrl: backend.url, serviceRoleKey: backend.serviceRoleKey, sign: signWithStandardWebhooks, resolve },
    );
    expect(res.status).toBe(200);
    expect(rcv.received).toHaveLength(0);
    const [msg] = await outbox(id);
    expect(msg!.last_error).toMatch(/^refused: /);
  });
});

describe('a stalled app', () => {
  it("does not delay another app's delivery: it arrives while the stalled sends are still pending", async () => {
    const stalled = await receiver();
    let release: () => void = () => undefined;
    const held = new Promise<number>((ok) => (release = () => ok(200)));
    stalled.respond(() => held);
    const slowApp = await registerApp(dev, ['preferences:read'], 'Stalled App');
    const slowIds: string[] = [];
    for (let i = 0; i < 10; i++) slowIds.push(await addEndpoint(slowApp, stalled.url(`/never-${i}`)));
    await event(slowApp, 'stall');

    const other = await receiver();
    const otherApp = await registerApp(dev, ['preferences:read'], 'Other App');
    const otherId = await addEndpoint(otherApp, other.url());

    const pass = backend.webhooks.deliverNow();
    await stalled.waitFor(1);
    await event(otherApp, 'punctual'); // made due while the stalled sends are in flight
    const again = backend.webhooks.deliverNow();
    await other.waitFor(1, 20_000);
    // nothing of the stalled app has been answered or recorded yet
    for (const id of slowIds) expect((await outbox(id))[0]).toMatchObject({ last_status: null, last_error: null });
    release();
    await Promise.all([pass, again]);
    expect((await outbox(otherId))[0]).toMatchObject({ last_status: 204, delivered_at: expect.any(String) });
  });
});

describe("an endpoint's answer", () => {
  it('is kept as a short, text-only excerpt', async () => {
    const rcv = await receiver();
    rcv.respond((_r, n) =>
      n === 1
        ? {
            status: 500,
            headers: { 'content-type': 'text/plain' },
            body: `internal\u0000\u001b[31m secret ${'x'.repeat(20_000)}`,
          }
        : { status: 502, headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(4096, 0xfe) },
    );
    const app = await registerApp(dev, ['preferences:read'], 'Chatty App');
    const id = await addEndpoint(app, rcv.url());
    await event(app, 'chatty');
    await backend.webhooks.deliverNow();
    const [first] = await outbox(id);
    expect(first!.last_error!.length).toBeLessThanOrEqual(140);
    expect(first!.last_error).toMatch(/^HTTP 500: internal/);
    expect(first!.last_error).not.toMatch(/\p{Cc}/u);
    await makeDue(id);
    await backend.webhooks.deliverNow();
    const [second] = await outbox(id);
    expect(second).toMatchObject({ last_status: 502, last_error: 'HTTP 502 (non-text answer not kept)' });
  });
});

describe('an endpoint that keeps failing', () => {
  it('backs off, then is disabled with a reason its developer sees, and gets nothing further', async () => {
    const rcv = await receiver();
    rcv.respond(() => 503);
    const app = await registerApp(dev, ['preferences:read'], 'Failing App');
    const id = await addEndpoint(app, rcv.url());
    await event(app, 'failing');
    await backend.webhooks.deliverNow();
    expect(rcv.received).toHaveLength(1);
    await backend.query(
      "update public.webhook_outbox set next_attempt_at = now() - interval '1 second' where webhook_id = $1",
      [id],
    );
    await backend.webhooks.deliverNow();
    expect(rcv.received).toHaveLength(1); // the endpoint itself waits its backoff
    for (let i = 2; i <= 8; i++) {
      await makeDue(id);
      await backend.webhooks.deliverNow();
      expect(rcv.received).toHaveLength(i);
    }
    expect(await seenByDeveloper(id)).toEqual({
      enabled: false,
      disabled_reason: expect.stringMatching(/^8 failed deliveries in a row; the last: HTTP 503/),
    });
    await event(app, 'after');
    await makeDue(id);
    await backend.webhooks.deliverNow();
    expect(rcv.received).toHaveLength(8);
  });
});

describe("a disabled or deleted app's endpoints", () => {
  for (const change of [{ status: 'disabled' }, { _deleted: true }]) {
    it(`get nothing further (${JSON.stringify(change)})`, async () => {
      const rcv = await receiver();
      const app = await registerApp(dev, ['preferences:read'], 'Retired App');
      const id = await addEndpoint(app, rcv.url());
      await event(app, 'queued'); // queued while the app was live
      const { error } = await serviceClient(backend).from('developer_apps').update(change).eq('client_id', app);
      expect(error).toBeNull();
      await backend.webhooks.deliverNow();
      expect(rcv.received).toHaveLength(0);
      expect((await outbox(id))[0]).toMatchObject({ delivered_at: null, gave_up_at: expect.any(String) });
    });
  }
});
