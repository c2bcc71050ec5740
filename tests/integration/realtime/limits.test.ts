/**
 * Per-client bounds on the realtime server, each answered with Supabase Realtime's codes and
 * messages: channels per socket, joins per second (the socket is disconnected), client messages
 * per second (the channel is shut down), sockets per user, subscriptions per channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { rawPhoenix, rtUser, type Msg } from './helpers';

let backend: LocalBackend;

beforeAll(async () => {
  backend = await withBackend({ realtime: { maxJoinsPerSecond: 20, maxEventsPerSecond: 20, maxConnectionsPerUser: 3, maxChannelsPerClient: 10 } });
});
afterAll(async () => {
  await backend.stop();
});

const join = (topic: string, ref: string, payload: Record<string, unknown> = { config: {} }): Msg => [ref, ref, `realtime:${topic}`, 'phx_join', payload];
const replyTo = (ref: string) => (m: Msg) => m[1] === ref && m[3] === 'phx_reply';

describe('realtime limits', () => {
  it('refuses a channel past the per-socket limit: ChannelRateLimitReached', async () => {
    const s = await rawPhoenix(backend);
    for (let i = 0; i < 10; i++) s.send(join(`c${i}`, `j${i}`));
    for (let i = 0; i < 10; i++) expect((await s.until(replyTo(`j${i}`)))[4]).toMatchObject({ status: 'ok' });
    s.send(join('c10', 'j10'));
    expect((await s.until(replyTo('j10')))[4]).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
    s.ws.close();
  });

  it('refuses joins past the per-second limit and disconnects the socket: ClientJoinRateLimitReached', async () => {
    const s = await rawPhoenix(backend);
    // leave each channel again so only the rate, not the channel count, is at stake
    for (let i = 0; i < 25; i++) {
      s.send(join('same', `j${i}`));
      s.send([`j${i}`, `l${i}`, 'realtime:same', 'phx_leave', {}]);
    }
    const refused = await s.until((m) => m[3] === 'phx_reply' && (m[4] as { status: string }).status === 'error');
    expect(refused[4]).toEqual({ status: 'error', response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' } });
    expect(refused[1]).toBe('j20');
    const deadline = Date.now() + 5_000;
    while (!s.isClosed() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(s.isClosed()).toBe(true);
  });

  it('shuts a channel down past the per-second message limit, with a system error', async () => {
    const s = await rawPhoenix(backend);
    s.send(join('chatty', 'j1', { config: { broadcast: { ack: true } } }));
    await s.until(replyTo('j1'));
    for (let i = 0; i < 30; i++) s.send(['j1', `b${i}`, 'realtime:chatty', 'broadcast', { type: 'broadcast', event: 'x', payload: { i } }]);
    const system = await s.until((m) => m[3] === 'system');
    expect(system[4]).toMatchObject({ extension: 'system', status: 'error', message: 'Too many messages per second', channel: 'chatty' });
    await s.until((m) => m[3] === 'phx_close');
    const acks = s.received.filter((m) => m[3] === 'phx_reply' && m[1]?.startsWith('b') && (m[4] as { status: string }).status === 'ok');
    expect(acks).toHaveLength(20);
    s.send(['j1', 'after', 'realtime:chatty', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]);
    expect((await s.until(replyTo('after')))[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    s.ws.close();
  });

  it('refuses a user a socket past the per-user limit, and counts the socket again once another closes', async () => {
    const u = await rtUser(backend, uniqueEmail('rt-limit'));
    const other = await rtUser(backend, uniqueEmail('rt-limit-other'));
    const sockets = await Promise.all([1, 2, 3, 4].map(() => rawPhoenix(backend)));
    for (const [i, s] of sockets.entries()) s.send(join(`u-${i}`, 'j', { config: {}, access_token: u.token }));
    const answers = await Promise.all(sockets.map((s) => s.until(replyTo('j'))));
    expect(answers.map((a) => (a[4] as { status: string }).status)).toEqual(['ok', 'ok', 'ok', 'error']);
    expect(answers[3]![4]).toEqual({ status: 'error', response: { reason: 'ConnectionRateLimitReached: Too many connections for this user (at most 3)' } });
    // another user on the same socket is not affected
    sockets[3]!.send(join('other', 'k', { config: {}, access_token: other.token }));
    expect((await sockets[3]!.until(replyTo('k')))[4]).toMatchObject({ status: 'ok' });
    sockets[0]!.ws.close();
    await new Promise((r) => setTimeout(r, 200));
    sockets[3]!.send(join('u-again', 'j2', { config: {}, access_token: u.token }));
    expect((await sockets[3]!.until(replyTo('j2')))[4]).toMatchObject({ status: 'ok' });
    for (const s of sockets) s.ws.close();
    u.client.realtime.disconnect();
    other.client.realtime.disconnect();
  });

  it('refuses more than 100 postgres_changes subscriptions in one join', async () => {
    const s = await rawPhoenix(backend);
    const pc = Array.from({ length: 101 }, () => ({ event: '*', schema: 'public', table: 'profiles' }));
    s.send(join('many', 'j', { config: { postgres_changes: pc } }));
    await s.until(replyTo('j'));
    const system = await s.until((m) => m[3] === 'system');
    expect(system[4]).toMatchObject({ extension: 'postgres_changes', status: 'error', message: expect.stringContaining('at most 100 subscriptions per channel') });
    s.ws.close();
  });
});
