/**
 * Webhook delivery against the in-process backend and real HTTP receivers: signatures verified by
 * the standardwebhooks library, thin payloads, retry after 500 (and only once due), no retry
 * after 410, redirects never followed, one permission.revoked per endpoint delivered once even
 * with two delivery passes side by side, a stalled endpoint that does not hold up the backend,
 * and the Edge Function's entry refusing anyone but the service role.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue, handleDeliveryRequest, restOutbox } from '../../../supabase/functions/deliver-webhooks/handler.ts';
import { signWithStandardWebhooks } from '../../../supabase/local/webhooks/delivery';
import { pinnedTransport, systemResolver } from '../../../supabase/local/webhooks/transport';
import { anonClient, serviceClient, withBackend, type LocalBackend } from '../helpers/backend';
import { grant, person, registerApp, revoke, type Actor } from '../mediaid-api/helpers';
import { startReceiver, type Receiver } from './receiver';

let backend: LocalBackend;
let dev: Actor;
let app: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  backend = await withBackend({ webhooks: { timeoutMs: 1500 } }); // worker off: each test runs passes itself
  dev = await person(backend, ['developer'], {}, 'wh-dev');
  app = await registerApp(dev, ['preferences:read', 'media:read']);
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

/** An endpoint of the developer's app; returns its id and its server-made secret. */
async function endpoint(url: string, clientId = app): Promise<{ id: string; secret: string }> {
  const { data, error } = await dev.client
    .from('developer_webhooks')
    .insert({ client_id: clientId, url })
    .select('id, secret')
    .single();
  if (error) throw new Error(error.message);
  return data as { id: string; secret: string };
}

async function grantedFan(clientId = app): Promise<Actor> {
  const fan = await person(backend, ['fan'], {}, 'wh-fan');
  const g = await grant(fan, clientId, 'fan', ['preferences:read']);
  if (g.error) throw new Error(g.error.message);
  return fan;
}

async function row(webhookId: string) {
  const { data, error } = await serviceClient(backend)
    .from('webhook_outbox')
    .select('id, attempts, last_status, last_error, delivered_at, gave_up_at, next_attempt_at')
    .eq('webhook_id', webhookId);
  if (error) throw new Error(error.message);
  expect(data).toHaveLength(1);
  return data![0]!;
}

/** What the test would otherwise wait for: the message is due now, its endpoint's backoff over. */
async function makeDue(id: string): Promise<void> {
  const { data, error } = await serviceClient(backend)
    .from('webhook_outbox')
    .update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
    .eq('id', id)
    .select('webhook_id')
    .single();
  if (error) throw new Error(error.message);
  await backend.query('update public.developer_webhooks set paused_until = null where id = $1', [data.webhook_id]);
}

/** The local worker's way of sending, for passes a test runs itself (receivers are on loopback). */
const local = { resolve: systemResolver, send: pinnedTransport, loopback: { refusedPorts: [] } };

const verify = (secret: string, r: { body: string; headers: Record<string, unknown> }) =>
  new Webhook(secret).verify(r.body, r.headers as Record<string, string>);

describe('a delivered message', () => {
  it('is signed (verified by the standardwebhooks library) and thin: field names, never values', async () => {
    const rcv = await receiver();
    const hook = await endpoint(rcv.url());
    const fan = await grantedFan();
    await fan.client
      .from('media_ids')
      .update({ genre_preferences: ['secret-genre-q'], location_code: 'JP' })
      .eq('role', 'fan');
    const attempts = await backend.webhooks.deliverNow();
    const outbox = await row(hook.id);
    expect(attempts).toContainEqual({ id: outbox.id, url: rcv.url(), status: 204, error: null });
    expect(rcv.received).toHaveLength(1);
    const got = rcv.received[0]!;
    expect(got.headers['webhook-id']).toBe(`msg_${outbox.id}`);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(got.headers['content-type']).toBe('application/json');
    expect(verify(hook.secret, got)).toEqual({
      type: 'preference.updated',
      timestamp: expect.any(String),
      data: { user_id: fan.user.id, role: 'fan', changed: ['genre_preferences', 'location_code'] },
    });
    expect(got.body).not.toContain('secret-genre-q');
    expect(got.body).not.toContain('JP');
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, got)).toThrow('No matching signature found');
    expect(outbox).toMatchObject({ attempts: 1, last_status: 204, last_error: null, gave_up_at: null });
    expect(outbox.delivered_at).toBeTruthy();
    // delivered messages are never sent again
    await makeDue(outbox.id);
    await backend.webhooks.deliverNow();
    expect(rcv.received).toHaveLength(1);
  });
});

describe('retries', () => {
  it('after a 500 the message waits its backoff, then goes again with the same webhook-id', async () => {
    const rcv = await receiver();
    rcv.respond((_r, n) => (n === 1 ? 500 : 200));
    const hook = await endpoint(rcv.url());
    const fan = await grantedFan();
    await fan.client
      .from('media_ids')
      .update({ interests: ['tape'] })
      .eq('role', 'fan');
    await backend.webhooks.deliverNow();
    const failed = await row(hook.id);
    expect(failed).toMatchObject({
      attempts: 1,
      last_status: 500,
      last_error: 'HTTP 500: status 500',
      delivered_at: null,
      gave_up_at: null,
    });
    expect(new Date(failed.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 3000); // 5 s backoff
    await backend.webhooks.deliverNow();
    expect(rcv.received).toHaveLength(1); // not due yet: not sent
    await makeDue(failed.id);
    await backend.webhooks.deliverNow();
    expect(rcv.received).toHaveLength(2);
    expect(rcv.received[1]!.headers['webhook-id']).toBe(`msg_${failed.id}`);
    expect(verify(hook.secret, rcv.received[1]!)).toMatchObject({ type: 'preference.updated' });
    expect(await row(hook.id)).toMatchObject({
      attempts: 2,
      last_status: 200,
      last_error: null,
      delivered_at: expect.any(String),
    });
  });

  it('410 Gone stops retries for the message', async () => {
    const rcv = await receiver();
    rcv.respond(() => 410);
    const hook = await endpoint(rcv.url());
    const fan = await grantedFan();
    await fan.client
      .from('media_ids')
      .update({ interests: ['gone'] })
      .eq('role', 'fan');
    await backend.webhooks.deliverNow();
    const stopped = await row(hook.id);
    expect(stopped).toMatchObject({
      attempts: 1,
      last_status: 410,
      delivered_at: null,
      gave_up_at: expect.any(String),
    });
    await makeDue(stopped.id);
    await backend.webhooks.deliverNow();
    expect(rcv.received).toHaveLength(1);
    expect(await row(hook.id)).toMatchObject({ attempts: 1 });
  });

  it('a redirect is never followed: the attempt fails and the other host hears nothing', async () => {
    const [rcv, elsewhere] = [await receiver(), await receiver()];
    rcv.respond(() => ({ status: 307, headers: { location: elsewhere.url('/steal') } }));
    const hook = await endpoint(rcv.url());
    const fan = await grantedFan();
    await fan.client
      .from('media_ids')
      .update({ interests: ['moved'] })
      .eq('role', 'fan');
    await backend.webhooks.deliverNow();
    expect(rcv.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    expect(await row(hook.id)).toMatchObject({
      last_status: 307,
      last_error: `redirect to ${elsewhere.url('/steal')} not followed`,
      delivered_at: null,
      gave_up_at: null,
    });
  });
});

describe('permission.revoked', () => {
  it('one per endpoint, each delivered exactly once by two delivery passes running side by side', async () => {
    const rcv = await receiver();
    rcv.respond(() => new Promise((ok) => setTimeout(() => ok(200), 150))); // slow enough for the passes to overlap
    const ownApp = await registerApp(dev, ['preferences:read'], 'Revoke Radio');
    const hooks = [
      await endpoint(rcv.url('/a'), ownApp),
      await endpoint(rcv.url('/b'), ownApp),
      await endpoint(rcv.url('/c'), ownApp),
    ];
    const fan = await grantedFan(ownApp);
    expect((await revoke(fan, ownApp)).error).toBeNull();
    expect((await revoke(fan, ownApp)).error).toBeNull(); // a second revoke sends nothing more
    const pass = (concurrency: number) =>
      deliverDue({
        store: restOutbox(backend.url, backend.serviceRoleKey),
        sign: signWithStandardWebhooks,
        ...local,
        concurrency,
      });
    const edge = handleDeliveryRequest(
      new Request('http://functions.local/deliver-webhooks', {
        method: 'POST',
        headers: { authorization: `Bearer ${backend.serviceRoleKey}` },
      }),
      {
        supabaseUrl: backend.url,
        serviceRoleKey: backend.serviceRoleKey,
        sign: signWithStandardWebhooks,
        ...local,
      },
    );
    const [a, b, res] = await Promise.all([pass(1), pass(1), edge]);
    const viaEdge = (await res.json()) as { attempted: number; attempts: { id: string }[] };
    const ids = [...a, ...b].map((x) => x.id).concat(viaEdge.attempts.map((x) => x.id));
    expect(new Set(ids).size).toBe(ids.length); // no message went out twice
    expect(rcv.received.map((r) => r.path).sort()).toEqual(['/a', '/b', '/c']);
    for (const [i, path] of ['/a', '/b', '/c'].entries()) {
      const [got] = rcv.on(path);
      expect(verify(hooks[i]!.secret, got!)).toEqual({
        type: 'permission.revoked',
        timestamp: expect.any(String),
        data: { user_id: fan.user.id, role: 'fan', revoked_at: expect.any(String) },
      });
    }
    expect(new Set(rcv.received.map((r) => r.headers['webhook-id'])).size).toBe(3);
  });
});

describe('a stalled endpoint', () => {
  it('holds up nothing else: the backend answers while the send waits, then the send times out', async () => {
    const rcv = await receiver();
    let release: () => void = () => undefined;
    rcv.respond(() => new Promise<number>((ok) => (release = () => ok(200))));
    const hook = await endpoint(rcv.url());
    const fan = await grantedFan();
    await fan.client
      .from('media_ids')
      .update({ interests: ['stalled'] })
      .eq('role', 'fan');
    const sending = backend.webhooks.deliverNow();
    await rcv.waitFor(1);
    const t0 = Date.now();
    const read = await fan.client.from('media_ids').select('interests').eq('role', 'fan').single();
    const signIn = await anonClient(backend).auth.signInWithPassword({
      email: fan.user.email!,
      password: 'mediaid-pass-1',
    });
    const took = Date.now() - t0;
    expect(read.data).toEqual({ interests: ['stalled'] });
    expect(signIn.error).toBeNull();
    expect(took).toBeLessThan(1000);
    const attempts = await sending;
    release();
    const outbox = await row(hook.id);
    expect(attempts).toContainEqual({ id: outbox.id, url: rcv.url(), status: null, error: 'no answer within 1500 ms' });
    expect(outbox).toMatchObject({
      attempts: 1,
      last_status: null,
      last_error: 'no answer within 1500 ms',
      delivered_at: null,
    });
  });
});

describe('the Edge Function entry', () => {
  it('refuses anyone but the service role and claims nothing for them', async () => {
    const rcv = await receiver();
    const hook = await endpoint(rcv.url());
    const fan = await grantedFan();
    await fan.client
      .from('media_ids')
      .update({ interests: ['knock'] })
      .eq('role', 'fan');
    const env = {
      supabaseUrl: backend.url,
      serviceRoleKey: backend.serviceRoleKey,
      sign: signWithStandardWebhooks,
      ...local,
    };
    for (const key of [backend.anonKey, fan.accessToken, '', `${backend.serviceRoleKey}x`]) {
      const res = await handleDeliveryRequest(
        new Request('http://functions.local/deliver-webhooks', {
          method: 'POST',
          headers: key ? { authorization: `Bearer ${key}` } : {},
        }),
        env,
      );
      expect(res.status).toBe(401);
    }
    expect(await row(hook.id)).toMatchObject({ attempts: 0, delivered_at: null });
    expect(rcv.received).toHaveLength(0);
  });

  it('the API roles cannot record outcomes themselves', async () => {
    const { data } = await serviceClient(backend).from('webhook_outbox').select('id').limit(1).single();
    for (const client of [anonClient(backend), dev.client]) {
      const r = await client.rpc('webhook_outbox_record', { p_id: data!.id, p_status: 200 });
      expect(r.error).toBeTruthy();
    }
  });
});

describe('the worker', () => {
  it('started with the backend, delivers within its interval; stop() does not wait for a stalled send', async () => {
    const own = await withBackend({ webhooks: { enabled: true, intervalMs: 100 } });
    try {
      const rcv = await receiver();
      const d = await person(own, ['developer'], {}, 'wh-loop-dev');
      const clientId = await registerApp(d, ['preferences:read']);
      const { data: hook } = await d.client
        .from('developer_webhooks')
        .insert({ client_id: clientId, url: rcv.url() })
        .select('id, secret')
        .single();
      const fan = await person(own, ['fan'], {}, 'wh-loop-fan');
      expect((await grant(fan, clientId, 'fan', ['preferences:read'])).error).toBeNull();
      await fan.client
        .from('media_ids')
        .update({ interests: ['looped'] })
        .eq('role', 'fan');
      await rcv.waitFor(1, 5000);
      expect(verify(hook!.secret as string, rcv.received[0]!)).toMatchObject({ type: 'preference.updated' });

      rcv.respond(() => new Promise<number>(() => undefined)); // never answers
      await fan.client
        .from('media_ids')
        .update({ interests: ['stuck'] })
        .eq('role', 'fan');
      await rcv.waitFor(2, 5000);
      const t0 = Date.now();
      await own.stop();
      expect(Date.now() - t0).toBeLessThan(3000);
    } finally {
      await own.stop();
    }
  });
});
