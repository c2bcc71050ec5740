/**
 * Private channels and Broadcast from the database, as Supabase Realtime Authorization: a
 * private join is allowed only when realtime.messages' SELECT policy lets the caller read the
 * topic (else Realtime's Unauthorized error); sending needs the INSERT policy (else the message
 * is dropped); realtime.send() reaches the private channels of its topic once committed, never
 * public channels of the same name, and a rolled-back send reaches nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { closeAll, rtUser, OWN_TOPIC_POLICIES } from './helpers';

let backend: LocalBackend;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  backend = await withBackend();
  for (const sql of [
    ...OWN_TOPIC_POLICIES,
    `create policy "lobby: read only" on realtime.messages for select to authenticated using (realtime.topic() = 'lobby')`,
  ])
    await backend.query(sql);
});
afterAll(async () => {
  await closeAll(...clients);
  await backend.stop();
});

async function user(email = uniqueEmail('rt-private')) {
  const u = await rtUser(backend, email);
  clients.push(u.client);
  await u.client.realtime.setAuth(u.token);
  return u;
}

interface Joined {
  channel: RealtimeChannel;
  got: { event: string; payload: Record<string, unknown> }[];
}

function join(
  client: SupabaseClient,
  topic: string,
  isPrivate: boolean,
  ack = false,
): Promise<{ status: string; message?: string; joined: Joined }> {
  const got: Joined['got'] = [];
  const channel = client
    .channel(topic, { config: { private: isPrivate, broadcast: { ack, self: false } } })
    .on('broadcast', { event: '*' }, (m: { event: string; payload: Record<string, unknown> }) =>
      got.push({ event: m.event, payload: m.payload }),
    );
  return new Promise((resolve) =>
    channel.subscribe((status, err) => resolve({ status, message: err?.message, joined: { channel, got } })),
  );
}

async function waitFor(pred: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!pred() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

describe('private channels (Realtime Authorization)', () => {
  it("joins one's own private topic; another user's join is refused with Realtime's error", async () => {
    const a = await user();
    const b = await user();
    expect((await join(a.client, `user:${a.id}`, true)).status).toBe('SUBSCRIBED');
    const refused = await join(b.client, `user:${a.id}`, true);
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.message).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: user:${a.id}`,
    );
  });

  it('delivers realtime.send to the private channels of the topic only, after commit, once', async () => {
    const email = uniqueEmail('rt-private-devices');
    const a = await user(email);
    const a2 = await user(email);
    const b = await user();
    const phone = (await join(a.client, `user:${a.id}`, true)).joined;
    const laptop = (await join(a2.client, `user:${a.id}`, true)).joined;
    const eavesdropper = (await join(b.client, `user:${a.id}`, false)).joined; // public channel, same name

    const rolledBack = `do $$ begin perform realtime.send('{"collection":"ghost"}', 'changed', 'user:${a.id}', true); raise exception 'rolled back'; end $$`;
    await expect(backend.query(rolledBack)).rejects.toThrow('rolled back');
    await backend.query(`select realtime.send($1::jsonb, 'changed', $2, true)`, [
      JSON.stringify({ collection: 'locker_items' }),
      `user:${a.id}`,
    ]);
    await waitFor(() => phone.got.length > 0 && laptop.got.length > 0);
    await backend.realtime.flush();
    for (const device of [phone, laptop]) {
      expect(device.got).toHaveLength(1);
      expect(device.got[0]).toMatchObject({
        event: 'changed',
        payload: { collection: 'locker_items', id: expect.any(String) },
      });
    }
    expect(eavesdropper.got).toEqual([]);
  });

  it('relays a client broadcast on a private channel only with the write policy; a public sender never reaches it', async () => {
    const email = uniqueEmail('rt-private-write');
    const a = await user(email);
    const a2 = await user(email);
    const b = await user();
    const listener = (await join(a2.client, `user:${a.id}`, true)).joined;
    const sender = (await join(a.client, `user:${a.id}`, true, true)).joined;
    expect(await sender.channel.send({ type: 'broadcast', event: 'poke', payload: { n: 1 } })).toBe('ok');
    await waitFor(() => listener.got.length > 0);
    expect(listener.got).toEqual([{ event: 'poke', payload: { n: 1 } }]);

    const intruder = (await join(b.client, `user:${a.id}`, false, true)).joined;
    expect(await intruder.channel.send({ type: 'broadcast', event: 'poke', payload: { n: 2 } })).toBe('ok');

    // read-only topic: the join works, sending is dropped without a reply
    const reader = (await join(b.client, 'lobby', true, true)).joined;
    const lobbyListener = (await join(a.client, 'lobby', true)).joined;
    expect(await reader.channel.send({ type: 'broadcast', event: 'shout', payload: {} }, { timeout: 1_000 })).toBe(
      'timed out',
    );
    await backend.query(`select realtime.send('{}', 'barrier', 'lobby', true)`);
    await waitFor(() => lobbyListener.got.length > 0);
    expect(lobbyListener.got.map((m) => m.event)).toEqual(['barrier']);
    await backend.query(`select realtime.send('{}', 'barrier', $1, true)`, [`user:${a.id}`]);
    await waitFor(() => listener.got.length > 1);
    expect(listener.got.map((m) => m.event)).toEqual(['poke', 'barrier']);
  });
});
