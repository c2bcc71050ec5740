/**
 * Hosted Realtime's per-project quotas on the local backend (supabase/realtime `Tenants.*_rate`,
 * `RealtimeChannel`, `ReplicationConnection`, `BatchBroadcast`): messages are counted per project
 * on delivery (one per channel reached, plus one per message sent), averaged over the last
 * buckets of a ticking counter; once the average reaches the limit, messages from the database
 * are dropped, REST broadcasts answer 429, and a channel that still receives a message is shut
 * down with a `system` error. Joins are counted the same way (past the limit the join is refused
 * and the socket disconnected), and the project's concurrent sockets are bounded.
 * Small quotas and a short tick keep the test quick; the shapes are those of hosted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { rawPhoenix, rtUser, type Msg } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TICK_MS = 400;
const BUCKETS = 2;

let messages: LocalBackend;
let joins: LocalBackend;

beforeAll(async () => {
  [messages, joins] = await Promise.all([
    withBackend({
      realtime: {
        messagesPerSecond: 50,
        joinsPerSecond: 1_000,
        quotaTickMs: TICK_MS,
        quotaBuckets: BUCKETS,
        maxConnectionsPerUser: 100,
      },
    }),
    withBackend({
      realtime: {
        messagesPerSecond: 1_000,
        joinsPerSecond: 20,
        concurrentConnections: 3,
        quotaTickMs: TICK_MS,
        quotaBuckets: BUCKETS,
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([messages?.stop(), joins?.stop()]);
});

const join = (topic: string, ref: string, payload: Record<string, unknown> = { config: {} }): Msg => [
  ref,
  ref,
  `realtime:${topic}`,
  'phx_join',
  payload,
];
const replyTo = (ref: string) => (m: Msg) => m[1] === ref && m[3] === 'phx_reply';
type Socket = Awaited<ReturnType<typeof rawPhoenix>>;

async function joined(
  backend: LocalBackend,
  topic: string,
  payload: Record<string, unknown>,
  ref = 'j',
): Promise<Socket> {
  const s = await rawPhoenix(backend);
  s.send(join(topic, ref, payload));
  expect((await s.until(replyTo(ref)))[4]).toMatchObject({ status: 'ok' });
  return s;
}

const broadcasts = (s: Socket, event: string) =>
  s.received.filter((m) => m[3] === 'broadcast' && m[4].event === event).length;

async function until(cond: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('messages per second (per project, counted on delivery)', () => {
  it('past the quota: database messages are dropped, REST answers 429, a receiving channel is shut down; then it recovers', async () => {
    const user = await rtUser(messages, uniqueEmail('quota'));
    const topic = `user:${user.id}`;
    const listeners = await Promise.all(
      Array.from({ length: 40 }, () =>
        joined(messages, topic, { config: { private: true }, access_token: user.token }),
      ),
    );
    const room = await Promise.all(
      [0, 1, 2].map(() => joined(messages, 'room', { config: { broadcast: { self: false } } })),
    );
    const send = (event: string) => messages.query(`select realtime.send('{}'::jsonb, $1, $2, true)`, [event, topic]);

    // 40 deliveries + the message itself in one tick: 41 / 0.4 s > 50/s
    await send('first');
    await until(() => listeners.every((s) => broadcasts(s, 'first') === 1));
    await until(() => messages.realtime.stats().quota.messages.triggered);

    await send('dropped');
    await messages.realtime.flush();
    await sleep(200);
    expect(listeners.map((s) => broadcasts(s, 'dropped'))).toEqual(listeners.map(() => 0));

    const rest = await fetch(`${messages.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: {
        apikey: messages.serviceRoleKey,
        authorization: `Bearer ${messages.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ messages: [{ topic, event: 'rest', payload: {}, private: true }] }),
    });
    expect(rest.status).toBe(429);
    expect(await rest.json()).toEqual({ message: 'You have exceeded your rate limit' });

    // a client broadcast still reaches the other channels of its topic, which are then shut down
    room[0]!.send(['j', 'b1', 'realtime:room', 'broadcast', { type: 'broadcast', event: 'hello', payload: {} }]);
    for (const s of room.slice(1)) {
      const system = await s.until((m) => m[3] === 'system');
      expect(system[4]).toEqual({
        extension: 'system',
        status: 'error',
        message: 'Too many messages per second',
        channel: 'room',
      });
      expect(system[0]).toBe('j');
      await s.until((m) => m[3] === 'phx_close' && m[2] === 'realtime:room');
      expect(broadcasts(s, 'hello')).toBe(1);
    }

    // quiet for a whole window: the average falls below the limit and messages flow again
    await until(() => !messages.realtime.stats().quota.messages.triggered, 5_000);
    await send('again');
    await until(() => listeners.every((s) => broadcasts(s, 'again') === 1));
    expect(messages.realtime.stats().quota.messages.peak).toBeGreaterThanOrEqual(50);
    for (const s of [...listeners, ...room]) s.ws.close();
  });
});

describe('joins per second and concurrent connections (per project)', () => {
  it('refuses joins past the quota with ClientJoinRateLimitReached and disconnects the socket', async () => {
    const sockets = await Promise.all([0, 1].map(() => rawPhoenix(joins)));
    for (const [n, s] of sockets.entries()) for (let i = 0; i < 15; i++) s.send(join(`t${n}-${i}`, `j${i}`));
    for (const s of sockets)
      for (let i = 0; i < 15; i++) expect((await s.until(replyTo(`j${i}`)))[4]).toMatchObject({ status: 'ok' });
    await until(() => joins.realtime.stats().quota.joins.triggered);
    sockets[0]!.send(join('late', 'late'));
    expect((await sockets[0]!.until(replyTo('late')))[4]).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    });
    await until(() => sockets[0]!.isClosed());
    // the other socket is not disconnected by someone else's refused join
    expect(sockets[1]!.isClosed()).toBe(false);
    await until(() => !joins.realtime.stats().quota.joins.triggered);
    sockets[1]!.send(join('later', 'later'));
    expect((await sockets[1]!.until(replyTo('later')))[4]).toMatchObject({ status: 'ok' });
    sockets[1]!.ws.close();
    await until(() => joins.realtime.stats().connections === 0);
  });

  it('refuses a socket past the concurrent connections of the project', async () => {
    const sockets = await Promise.all([0, 1, 2, 3].map(() => rawPhoenix(joins)));
    for (const [i, s] of sockets.entries()) {
      s.send(join(`c${i}`, 'j'));
      const answer = (await s.until(replyTo('j')))[4];
      if (i < 3) expect(answer).toMatchObject({ status: 'ok' });
      else
        expect(answer).toEqual({
          status: 'error',
          response: { reason: 'ConnectionRateLimitReached: Too many connected users' },
        });
    }
    sockets[0]!.ws.close();
    await sleep(200);
    sockets[3]!.send(join('c3', 'k'));
    expect((await sockets[3]!.until(replyTo('k')))[4]).toMatchObject({ status: 'ok' });
    for (const s of sockets) s.ws.close();
  });
});
