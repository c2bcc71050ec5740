/**
 * Realtime transport: Phoenix heartbeat and unmatched topics on a raw socket, broadcast
 * (self/ack) and presence's clear refusal through supabase-js, the per-client send cap (a
 * client that stops reading is dropped and the others get everything), and a clean shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { withBackend, type LocalBackend } from '../helpers/backend';
import { closeAll, rawPhoenix, record, rtAnon } from './helpers';
import type { SupabaseClient } from '@supabase/supabase-js';

const CAP = 1024 * 1024;
let backend: LocalBackend;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  backend = await withBackend({ realtime: { maxBufferedBytes: CAP } });
  for (const sql of [
    'create table public.rt_blobs (id serial primary key, batch integer not null, body text not null)',
    'grant select on public.rt_blobs to anon, authenticated',
    'alter publication supabase_realtime add table public.rt_blobs',
  ]) await backend.query(sql);
});
afterAll(async () => {
  await closeAll(...clients);
  await backend.stop();
});

const rawSocket = () => rawPhoenix(backend);

function client(): SupabaseClient {
  const c = rtAnon(backend);
  clients.push(c);
  return c;
}

describe('realtime transport', () => {
  it('answers heartbeats on `phoenix` and refuses pushes to topics never joined', async () => {
    const s = await rawSocket();
    s.send([null, '7', 'phoenix', 'heartbeat', {}]);
    expect(await s.until((m) => m[1] === '7')).toEqual([null, '7', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    s.send(['1', '8', 'realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]);
    expect(await s.until((m) => m[1] === '8')).toEqual(['1', '8', 'realtime:nowhere', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }]);
    s.send(['2', '9', 'realtime:', 'phx_join', { config: {} }]);
    expect((await s.until((m) => m[1] === '9'))[4]).toEqual({ status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } });
    s.ws.close();

    // vsn 1.0.0 speaks JSON objects
    const v1 = new WebSocket(`${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=1.0.0`);
    await new Promise((r) => v1.once('open', r));
    const answer = new Promise<unknown>((r) => v1.once('message', (d: Buffer) => r(JSON.parse(d.toString()))));
    v1.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '3', join_ref: null }));
    expect(await answer).toEqual({ join_ref: null, ref: '3', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
    v1.close();
  });

  it('relays broadcast to the other members, to the sender only with `self`, and acks with `ack`', async () => {
    const got: Record<string, unknown[]> = { a: [], b: [] };
    const join = (c: SupabaseClient, name: 'a' | 'b', self: boolean) =>
      new Promise<ReturnType<SupabaseClient['channel']>>((resolve) => {
        const ch = c
          .channel('room-1', { config: { broadcast: { self, ack: true } } })
          .on('broadcast', { event: 'cheer' }, (p) => got[name]!.push(p))
          .subscribe((status) => status === 'SUBSCRIBED' && resolve(ch));
      });
    const a = await join(client(), 'a', true);
    const b = await join(client(), 'b', false);
    expect(await a.send({ type: 'broadcast', event: 'cheer', payload: { from: 'a' } })).toBe('ok');
    expect(await b.send({ type: 'broadcast', event: 'cheer', payload: { from: 'b' } })).toBe('ok');
    const deadline = Date.now() + 5_000;
    while ((got.a!.length < 2 || got.b!.length < 1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got.a).toEqual([
      { type: 'broadcast', event: 'cheer', payload: { from: 'a' } },
      { type: 'broadcast', event: 'cheer', payload: { from: 'b' } },
    ]);
    expect(got.b).toEqual([{ type: 'broadcast', event: 'cheer', payload: { from: 'a' } }]);
    expect(await a.track({ online: true })).toBe('error'); // presence: not implemented, said so
  });

  it('drops a client that stops reading once its queue passes the cap, without holding back the others', async () => {
    const fast = await record(client(), 'blobs-fast', [{ event: 'INSERT', schema: 'public', table: 'rt_blobs' }]);
    const slow = await rawSocket();
    slow.send(['1', '1', 'realtime:blobs-slow', 'phx_join', { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_blobs' }] } }]);
    await slow.until((m) => m[3] === 'system');
    slow.ws.pause(); // stops reading: the kernel buffers fill, then the server's queue grows
    let slowClosed = false;
    slow.ws.on('close', () => (slowClosed = true));
    const dropsBefore = backend.realtime.stats().dropped;

    // Small transactions (each burst well under the cap, so a reading client keeps up), repeated
    // until the server gives up on the paused one: kernel buffers first, then its queue fills.
    let written = 0;
    for (let i = 0; backend.realtime.stats().dropped === dropsBefore; i++) {
      expect(written).toBeLessThan(800); // ≈ 50 MiB: the drop must have happened long before
      await backend.query(`insert into public.rt_blobs (batch, body) select $1, repeat('x', 65536) from generate_series(1, 4)`, [i]);
      written += 4;
      // PGlite resolves through microtasks only: let socket I/O run, as it would between requests.
      await new Promise((r) => setTimeout(r, 1));
    }
    await backend.realtime.flush();
    await fast.next((e) => e.new.id === written, 30_000);
    expect(fast.events).toHaveLength(written);
    expect(backend.realtime.stats().dropped).toBe(dropsBefore + 1);
    expect(slowClosed).toBe(false); // it is not reading, so it cannot know yet

    slow.ws.resume(); // it can read what reached it before the drop, then sees the end
    const deadline = Date.now() + 10_000;
    while (!slowClosed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(slowClosed).toBe(true);
    const slowEvents = slow.received.filter((m) => m[3] === 'postgres_changes').length;
    expect(slowEvents).toBeLessThan(written);
  });

  it('closes every socket cleanly (1001) on stop', async () => {
    const raw = await rawSocket();
    const rec = await record(client(), 'until-stop', [{ event: '*', schema: 'public', table: 'rt_blobs' }]);
    const code = new Promise<number>((resolve) => raw.ws.on('close', (c) => resolve(c)));
    await backend.stop();
    expect(await code).toBe(1001);
    const deadline = Date.now() + 5_000;
    while (!rec.statuses.includes('CHANNEL_ERROR') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(rec.statuses).toContain('CHANNEL_ERROR'); // realtime-js: socket closed → rejoin with backoff
    expect(backend.realtime.stats()).toMatchObject({ connections: 0, channels: 0 });
  });
});
