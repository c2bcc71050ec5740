/**
 * Realtime's REST broadcast API (`POST /realtime/v1/api/broadcast` and
 * `/api/broadcast/:topic/events/:event`), as supabase/realtime's BroadcastController and
 * BroadcastSingleController answer: 202 and delivery to the joined channels of the topic and
 * privacy; private messages only with realtime.messages' INSERT policy (batch: dropped
 * silently; single: 403); 401/415/422/429 with Realtime's bodies; nothing of a rejected batch is
 * delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { SupabaseClient } from '@supabase/supabase-js';
import { uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { closeAll, rawPhoenix, rtAnon, rtUser, type Msg, OWN_TOPIC_POLICIES } from './helpers';

let backend: LocalBackend;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  backend = await withBackend();
  for (const sql of [...OWN_TOPIC_POLICIES]) await backend.query(sql);
});
afterAll(async () => {
  await closeAll(...clients);
  await backend.stop();
});

const BATCH = () => `${backend.url}/realtime/v1/api/broadcast`;
const SINGLE = (topic: string, event: string, isPrivate = false) =>
  `${backend.url}/realtime/v1/api/broadcast/${encodeURIComponent(topic)}/events/${encodeURIComponent(event)}${isPrivate ? '?private=true' : ''}`;

function post(
  url: string,
  body: unknown,
  token = backend.anonKey,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : body instanceof Uint8Array ? Buffer.from(body) : JSON.stringify(body),
  });
}

async function user() {
  const u = await rtUser(backend, uniqueEmail('rt-rest'));
  clients.push(u.client);
  return u;
}

/** A raw socket joined to `topic`; `broadcasts()` lists the broadcast payloads received so far. */
async function listener(topic: string, opts: { private?: boolean; token?: string } = {}) {
  const s = await rawPhoenix(backend);
  const payload = {
    config: { private: opts.private === true, broadcast: { self: false, ack: false } },
    ...(opts.token ? { access_token: opts.token } : {}),
  };
  s.send(['1', '1', `realtime:${topic}`, 'phx_join', payload]);
  const reply = await s.until((m) => m[3] === 'phx_reply' && m[1] === '1');
  expect(reply[4]).toMatchObject({ status: 'ok' });
  const broadcasts = () => s.received.filter((m: Msg) => m[3] === 'broadcast').map((m) => m[4]);
  return { s, broadcasts, close: () => s.ws.close() };
}

async function waitFor(pred: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!pred() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

describe('batch endpoint', () => {
  it('answers 202 and delivers each message to the joined channels of its topic, in the broadcast frame shape', async () => {
    const room = await listener('rest-room');
    const other = await listener('rest-other');
    const res = await post(BATCH(), {
      messages: [
        { topic: 'rest-room', event: 'e1', payload: { n: 1 } },
        { topic: 'rest-room', event: 'e1', payload: { n: 2 }, id: '6F6BD7B4-93A6-4AA3-9C2B-6C37DB0A2C34' },
        { topic: 'rest-other', event: 'e2', payload: { n: 3 } },
      ],
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    await waitFor(() => room.broadcasts().length === 2 && other.broadcasts().length === 1);
    expect(room.broadcasts()).toEqual([
      { type: 'broadcast', event: 'e1', payload: { n: 1 } },
      { type: 'broadcast', event: 'e1', payload: { n: 2 }, meta: { id: '6f6bd7b4-93a6-4aa3-9c2b-6c37db0a2c34' } },
    ]);
    expect(other.broadcasts()).toEqual([{ type: 'broadcast', event: 'e2', payload: { n: 3 } }]);
    expect(room.s.received.find((m) => m[3] === 'broadcast')?.slice(0, 3)).toEqual([null, null, 'realtime:rest-room']);
    room.close();
    other.close();
  });

  it('is what realtime-js send() uses without a joined socket', async () => {
    const room = await listener('rest-fallback');
    const sender = rtAnon(backend);
    clients.push(sender);
    const channel = sender.channel('rest-fallback');
    expect(await channel.send({ type: 'broadcast', event: 'hello', payload: { via: 'rest' } })).toBe('ok');
    await waitFor(() => room.broadcasts().length > 0);
    expect(room.broadcasts()).toEqual([{ type: 'broadcast', event: 'hello', payload: { via: 'rest' } }]);
    await sender.removeChannel(channel);
    room.close();
  });

  it('delivers private messages only to private channels, only with the write policy; others are dropped with 202', async () => {
    const a = await user();
    const b = await user();
    const own = await listener(`user:${a.id}`, { private: true, token: a.token });
    const publicSameName = await listener(`user:${a.id}`);
    const messages = (n: number) => [{ topic: `user:${a.id}`, event: 'changed', payload: { n }, private: true }];

    expect((await post(BATCH(), { messages: messages(1) }, a.token)).status).toBe(202);
    expect((await post(BATCH(), { messages: messages(2) }, b.token)).status).toBe(202);
    expect((await post(BATCH(), { messages: messages(3) }, backend.anonKey)).status).toBe(202);
    expect((await post(BATCH(), { messages: messages(4) }, backend.serviceRoleKey)).status).toBe(202);
    // public message of the same name: reaches the public channel only
    expect(
      (await post(BATCH(), { messages: [{ topic: `user:${a.id}`, event: 'public', payload: {} }] }, b.token)).status,
    ).toBe(202);
    await waitFor(() => own.broadcasts().length >= 2 && publicSameName.broadcasts().length >= 1);
    expect(own.broadcasts().map((m) => m.payload)).toEqual([{ n: 1 }, { n: 4 }]);
    expect(publicSameName.broadcasts().map((m) => m.event)).toEqual(['public']);
    own.close();
    publicSameName.close();
  });

  it("refuses malformed batches whole with Realtime's 422 errors, delivering nothing", async () => {
    const room = await listener('rest-invalid');
    const res = await post(BATCH(), {
      messages: [
        { topic: 'rest-invalid' },
        { payload: { data: 'data' } },
        { topic: 'rest-invalid', payload: { data: 'data' }, event: 'event' },
      ],
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: {
        messages: [
          { payload: ["can't be blank"], event: ["can't be blank"] },
          { topic: ["can't be blank"], event: ["can't be blank"] },
          {},
        ],
      },
    });
    for (const [body, errors] of [
      [{}, { messages: ["can't be blank"] }],
      [{ messages: [] }, { messages: ["can't be blank"] }],
      [{ messages: 'x' }, { messages: ['is invalid'] }],
      [{ messages: [{ topic: 't', event: 'e', payload: [1] }] }, { messages: [{ payload: ['is invalid'] }] }],
      [
        { messages: [{ topic: 7, event: ' ', payload: {}, private: 'maybe' }] },
        { messages: [{ topic: ['is invalid'], event: ["can't be blank"], private: ['is invalid'] }] },
      ],
    ] as const) {
      const r = await post(BATCH(), body);
      expect(r.status).toBe(422);
      expect(await r.json()).toEqual({ errors });
    }
    const big = { data: 'x'.repeat(256 * 1000 + 500) };
    const tooBig = await post(BATCH(), {
      messages: [
        { topic: 'rest-invalid', event: 'ok', payload: {} },
        { topic: 'rest-invalid', event: 'big', payload: big },
      ],
    });
    expect(tooBig.status).toBe(422);
    expect(await tooBig.json()).toEqual({
      errors: { messages: [{}, { payload: ['Payload size exceeds tenant limit'] }] },
    });
    const malformed = await post(BATCH(), '{"messages": [');
    expect(malformed.status).toBe(400);
    await post(BATCH(), { messages: [{ topic: 'rest-invalid', event: 'barrier', payload: {} }] });
    await waitFor(() => room.broadcasts().length > 0);
    expect(room.broadcasts().map((m) => m.event)).toEqual(['barrier']);
    room.close();
  });

  it("bounds messages per request and per caller per second with 429 and Realtime's messages", async () => {
    const u = await user();
    const msg = { topic: 'rest-rate', event: 'e', payload: {} };
    const over = await post(BATCH(), { messages: Array.from({ length: 101 }, () => msg) }, u.token);
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ message: 'Too many messages to broadcast, please reduce the batch size' });
    expect((await post(BATCH(), { messages: Array.from({ length: 100 }, () => msg) }, u.token)).status).toBe(202);
    const more = await post(BATCH(), { messages: [msg] }, u.token);
    expect(more.status).toBe(429);
    expect(await more.json()).toEqual({ message: 'Too many messages to broadcast, please reduce the batch size' });
    const single = await post(SINGLE('rest-rate', 'e'), {}, u.token);
    expect(single.status).toBe(429);
    expect(await single.json()).toEqual({ message: 'You have exceeded your rate limit' });
    // another caller is not affected
    const v = await user();
    expect((await post(BATCH(), { messages: [msg] }, v.token)).status).toBe(202);
  });
});

describe('single endpoint', () => {
  it('sends the body as the payload, private only with the write policy (403 otherwise)', async () => {
    const a = await user();
    const b = await user();
    const own = await listener(`user:${a.id}`, { private: true, token: a.token });
    expect((await post(SINGLE(`user:${a.id}`, 'changed', true), { n: 1 }, a.token)).status).toBe(202);
    const refused = await post(SINGLE(`user:${a.id}`, 'changed', true), { n: 2 }, b.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Unauthorized' });
    expect((await post(SINGLE(`user:${a.id}`, 'changed', true), [1, 2], a.token)).status).toBe(202);
    await waitFor(() => own.broadcasts().length >= 2);
    expect(own.broadcasts()).toEqual([
      { type: 'broadcast', event: 'changed', payload: { n: 1 } },
      { type: 'broadcast', event: 'changed', payload: { _json: [1, 2] } },
    ]);
    own.close();
  });

  it('refuses other media types with 415 and oversized payloads with 422', async () => {
    const r = await post(SINGLE('rest-media', 'e'), 'hi', backend.anonKey, { 'Content-Type': 'text/plain' });
    expect(r.status).toBe(415);
    expect(await r.json()).toEqual({
      error: 'Unsupported Media Type. Use application/json or application/octet-stream',
    });
    const big = await post(SINGLE('rest-media', 'e'), new Uint8Array(256 * 1000 + 501), backend.anonKey, {
      'Content-Type': 'application/octet-stream',
    });
    expect(big.status).toBe(422);
    expect(await big.json()).toEqual({ errors: { payload: ['Payload size exceeds tenant limit'] } });
    const huge = await post(SINGLE('rest-media', 'e'), new Uint8Array(2 * 1024 * 1024), backend.anonKey, {
      'Content-Type': 'application/octet-stream',
    });
    expect(huge.status).toBe(413);
  });
});

describe('authentication and routing', () => {
  it('answers 401 { message: "Unauthorized" } without a valid token carrying role and exp', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>, secret = backend.jwtSecret) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
    const body = { messages: [{ topic: 't', event: 'e', payload: {} }] };
    const cases: RequestInit['headers'][] = [
      { 'Content-Type': 'application/json' },
      { apikey: 'potato' },
      { Authorization: `Bearer ${await sign({ role: 'anon', exp: now + 60 }, 'x'.repeat(40))}` },
      { Authorization: `Bearer ${await sign({ role: 'anon', iat: now - 200, exp: now - 100 })}` },
      { Authorization: `Bearer ${await sign({ role: 'anon' })}` },
      { apikey: backend.anonKey, Authorization: 'Basic abc' },
    ];
    for (const headers of cases) {
      const r = await fetch(BATCH(), { method: 'POST', headers, body: JSON.stringify(body) });
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ message: 'Unauthorized' });
    }
    // the apikey alone is enough, as Realtime's AuthTenant
    const ok = await fetch(BATCH(), {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(ok.status).toBe(202);
  });

  it('answers preflights with CORS and unknown realtime paths with 404', async () => {
    const pre = await fetch(BATCH(), {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const get = await fetch(BATCH(), { headers: { apikey: backend.anonKey } });
    expect(get.status).toBe(404);
    expect(
      (await fetch(`${backend.url}/realtime/v1/api/nope`, { method: 'POST', headers: { apikey: backend.anonKey } }))
        .status,
    ).toBe(404);
  });
});
