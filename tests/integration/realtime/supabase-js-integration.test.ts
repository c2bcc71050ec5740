/**
 * supabase-js's own Realtime integration tests, run against the embedded backend.
 * Port of the Realtime part of supabase/supabase-js `packages/core/supabase-js/test/integration.test.ts`
 * at tag v2.109.0 ("Realtime with vsn: $vsn" and "Custom JWT > Realtime"): same scenarios, same
 * assertions and timeouts, written in this repository's style (vitest, an in-process backend,
 * `ws` as the transport on Node 20). Their setup relies on the Supabase CLI project of that
 * package: migration `20250423000000_realtime_rls_setup.sql` (authenticated may read and insert
 * on topics like '%channel%'), replicated here in beforeAll.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;

beforeAll(async () => {
  backend = await withBackend();
  for (const sql of [
    `create policy "authenticated can read all messages on topic" on realtime.messages for select to authenticated using (realtime.topic() like '%channel%')`,
    `create policy "authenticated can insert messages on topic" on realtime.messages for insert to authenticated with check (realtime.topic() like '%channel%')`,
  ]) await backend.query(sql);
});
afterAll(async () => {
  await backend.stop();
});

const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

function subscribed(channel: RealtimeChannel, what: string, ms = 8000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`Timeout waiting for ${what}`)), ms);
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timeout);
        resolve();
      }
    });
  });
}

async function until(done: () => boolean, what: string): Promise<void> {
  let attempts = 0;
  while (!done()) {
    if (attempts++ > 50) throw new Error(`Timeout waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each([{ vsn: '1.0.0' }, { vsn: '2.0.0' }])('Realtime with vsn: $vsn', ({ vsn }) => {
  const channelName = `channel-${crypto.randomUUID()}`;
  let channel: RealtimeChannel;
  let supabase: SupabaseClient;

  beforeEach(async () => {
    supabase = createClient(backend.url, backend.anonKey, {
      auth,
      realtime: { heartbeatIntervalMs: 500, vsn, transport: WebSocket as never },
    });
    await supabase.auth.signOut();
    const email = `test-${Date.now()}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await supabase.auth.signUp({ email, password: 'password123' });
    channel = supabase.channel(channelName, { config: { broadcast: { ack: true, self: true }, private: true } });
  });

  afterEach(async () => {
    await supabase.removeAllChannels();
  });

  test('is able to connect and broadcast', async () => {
    let receivedMessage: unknown;
    channel.on('broadcast', { event: 'test-event' }, (payload) => (receivedMessage = payload));
    await subscribed(channel, 'subscription', 5000);

    await channel.send({ type: 'broadcast', event: 'test-event', payload: { message: 'test' } });

    await until(() => !!receivedMessage, 'message');
    expect(receivedMessage).toBeDefined();
    expect(supabase.realtime.getChannels().length).toBe(1);
  }, 10_000);

  test('socket stays connected when switching channels (no race condition)', async () => {
    const config = { broadcast: { ack: true, self: true }, private: true };
    const channelA = supabase.channel(`${channelName}-a`, { config });
    await subscribed(channelA, 'channelA');

    // removing the last channel defers the disconnect, so B reuses the open socket
    await supabase.removeChannel(channelA);
    expect(supabase.realtime.isConnected()).toBe(true);

    const channelB = supabase.channel(`${channelName}-b`, { config }).on('broadcast', { event: 'ping' }, () => undefined);
    await subscribed(channelB, 'channelB');
    expect(supabase.realtime.isConnected()).toBe(true);
  }, 20_000);

  test('socket disconnects after removeChannel when no channels remain', async () => {
    await subscribed(channel, 'subscription');
    expect(supabase.realtime.isConnected()).toBe(true);

    await supabase.removeChannel(channel);
    expect(supabase.realtime.isConnected()).toBe(true);

    // deferred disconnect: 2 × heartbeatIntervalMs
    await new Promise((r) => setTimeout(r, 1200));
    expect(supabase.realtime.isConnected()).toBe(false);
  }, 15_000);

  test('socket disconnects after channel.unsubscribe() when no channels remain', async () => {
    await subscribed(channel, 'subscription');
    expect(supabase.realtime.isConnected()).toBe(true);

    await channel.unsubscribe();
    expect(supabase.realtime.isConnected()).toBe(true);

    await new Promise((r) => setTimeout(r, 1200));
    expect(supabase.realtime.isConnected()).toBe(false);
  }, 15_000);

  test('removeAllChannels disconnects socket immediately', async () => {
    const channelA = supabase.channel(`${channelName}-a`);
    const channelB = supabase.channel(`${channelName}-b`);
    await Promise.all([subscribed(channelA, 'channelA'), subscribed(channelB, 'channelB')]);
    expect(supabase.realtime.isConnected()).toBe(true);

    await supabase.removeAllChannels();
    expect(supabase.realtime.isConnected()).toBe(false);
  }, 20_000);

  test('httpSend delivers JSON broadcast to a public channel', async () => {
    const publicChannel = supabase.channel(`public-${crypto.randomUUID()}`, { config: { broadcast: { self: true } } });
    let received: Record<string, unknown> | undefined;
    publicChannel.on('broadcast', { event: 'json' }, (payload) => (received = payload));
    await subscribed(publicChannel, 'subscribe');

    const result = await publicChannel.httpSend('json', { hello: 'public' });
    expect(result).toEqual({ success: true });

    await until(() => !!received, 'broadcast');
    expect(received!.payload).toEqual({ hello: 'public' });
  }, 15_000);

  test('httpSend delivers JSON broadcast to a private channel', async () => {
    let received: Record<string, unknown> | undefined;
    channel.on('broadcast', { event: 'json-private' }, (payload) => (received = payload));
    await subscribed(channel, 'subscribe');

    const result = await channel.httpSend('json-private', { hello: 'private' });
    expect(result).toEqual({ success: true });

    await until(() => !!received, 'broadcast');
    expect(received!.payload).toEqual({ hello: 'private' });
  }, 15_000);

  // upstream runs it on 2.0.0 only: Realtime does not deliver binary payloads to 1.0.0 sockets
  const binaryBroadcastTest = vsn === '2.0.0' ? test : test.skip;
  binaryBroadcastTest('httpSend delivers a binary broadcast to a private channel', async () => {
    let received: Record<string, unknown> | undefined;
    channel.on('broadcast', { event: 'binary' }, (payload) => (received = payload));
    await subscribed(channel, 'subscribe');

    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    const result = await channel.httpSend('binary', bytes);
    expect(result).toEqual({ success: true });

    await until(() => !!received, 'broadcast');
    expect(new Uint8Array(received!.payload as ArrayBuffer)).toEqual(bytes);
  }, 15_000);
});

describe('Custom JWT', () => {
  describe('Realtime', () => {
    test('will connect with a properly signed jwt token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const jwtToken = await new SignJWT({ sub: '1234567890', role: 'anon', iss: 'supabase-demo', iat: now, exp: now + 3600 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(backend.jwtSecret));
      const supabaseWithCustomJwt = createClient(backend.url, backend.anonKey, {
        accessToken: () => Promise.resolve(jwtToken),
        realtime: { transport: WebSocket as never },
      });

      try {
        await new Promise<void>((resolve, reject) => {
          const timeout = setTimeout(() => reject(new Error('Timeout waiting for subscription')), 4000);
          supabaseWithCustomJwt.channel('test-channel').subscribe((status, err) => {
            if (status === 'SUBSCRIBED') {
              clearTimeout(timeout);
              expect(supabaseWithCustomJwt.realtime.accessTokenValue).toBe(jwtToken);
              resolve();
            } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
              clearTimeout(timeout);
              reject(err ?? new Error(`Subscription failed with status: ${status}`));
            }
          });
        });
      } finally {
        await supabaseWithCustomJwt.removeAllChannels();
      }
    }, 5000);
  });
});
