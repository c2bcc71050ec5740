/**
 * Realtime tokens: the socket handshake needs a valid apikey; a channel join needs a valid,
 * unexpired token signed by the backend (forged/expired/malformed are refused with Realtime's
 * reasons); `access_token` replaces the token; a token expiring mid-connection closes the
 * channel with a `system` error and nothing more is delivered on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { withBackend, uniqueEmail, type LocalBackend } from '../helpers/backend';
import { closeAll, record, rtAnon, rtUser, subscribeOutcome } from './helpers';
import type { SupabaseClient } from '@supabase/supabase-js';

let backend: LocalBackend;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await closeAll(...clients);
  await backend.stop();
});

async function token(claims: Record<string, unknown>, secret = backend.jwtSecret): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

const now = () => Math.floor(Date.now() / 1000);

function handshake(query: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${backend.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0${query}`);
    ws.on('open', () => {
      ws.close();
      resolve({ status: 101, body: null });
    });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    ws.on('error', (e) => reject(e));
  });
}

function anonWithToken(jwt: string): SupabaseClient {
  const c = rtAnon(backend);
  void c.realtime.setAuth(jwt);
  clients.push(c);
  return c;
}

const MEDIA = [{ event: '*' as const, schema: 'public', table: 'media_ids' }];

describe('realtime tokens', () => {
  it('refuses the socket handshake without a valid apikey, with Realtime status and body', async () => {
    expect(await handshake('')).toEqual({ status: 401, body: { error: 'API key is missing' } });
    const forged = await token({ role: 'anon', exp: now() + 3600 }, 'not-the-secret-not-the-secret-not-the-secret');
    expect(await handshake(`&apikey=${forged}`)).toEqual({ status: 401, body: { error: 'Failed to validate JWT signature' } });
    const expired = await token({ role: 'anon', exp: now() - 60 });
    expect(await handshake(`&apikey=${expired}`)).toEqual({ status: 401, body: { error: 'Token has expired' } });
    expect(await handshake(`&apikey=not-a-jwt`)).toEqual({ status: 401, body: { error: 'The token provided is not a valid JWT' } });
    expect((await handshake(`&apikey=${backend.anonKey}`)).status).toBe(101);
  });

  it('refuses a join with a forged, expired or malformed access token', async () => {
    const a = await rtUser(backend, uniqueEmail('victim'));
    clients.push(a.client);
    const claims = { sub: a.id, role: 'authenticated', aud: 'authenticated' };
    const forged = await subscribeOutcome(
      anonWithToken(await token({ ...claims, exp: now() + 3600 }, 'attacker-secret-attacker-secret-attacker-secret')),
      'forged',
      MEDIA,
    );
    expect(forged).toMatchObject({ status: 'CHANNEL_ERROR', message: 'JwtSignatureError: Failed to validate JWT signature' });
    const expired = await subscribeOutcome(anonWithToken(await token({ ...claims, exp: now() - 30 })), 'expired', MEDIA);
    expect(expired.status).toBe('CHANNEL_ERROR');
    expect(expired.message).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
    const noExp = await subscribeOutcome(anonWithToken(await token(claims)), 'no-exp', MEDIA);
    expect(noExp).toMatchObject({ status: 'CHANNEL_ERROR', message: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' });
    const admin = await subscribeOutcome(anonWithToken(await token({ ...claims, role: 'postgres', exp: now() + 60 })), 'pg-role', MEDIA);
    expect(admin.status).toBe('CHANNEL_ERROR');
    expect(admin.message).toMatch(/^Unauthorized: JWT role "postgres" is not allowed/);
    for (const o of [forged, expired, noExp, admin]) await o.channel.unsubscribe();
    // None of them was joined: the victim's write reaches nobody but the victim's own channel.
    expect(backend.realtime.stats().channels).toBe(0);
  });

  it('closes the channel with a system message when the token expires mid-connection', async () => {
    const a = await rtUser(backend, uniqueEmail('expiring'));
    clients.push(a.client);
    const short = anonWithToken(await token({ sub: a.id, role: 'authenticated', aud: 'authenticated', exp: now() + 2 }));
    const rec = await record(short, 'short-lived', MEDIA);
    await a.client.from('media_ids').insert({ user_uuid: a.id, role: 'fan' });
    await rec.next((e) => e.new.user_uuid === a.id);
    const closed = await waitFor(() => rec.statuses.includes('CLOSED'), 8_000);
    expect(closed).toBe(true);
    expect(rec.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/), channel: 'short-lived' });
    const before = rec.events.length;
    await a.client.from('media_ids').update({ interests: ['after expiry'] }).eq('user_uuid', a.id);
    await backend.realtime.flush();
    expect(rec.events.length).toBe(before);
  });

  it('keeps the channel alive when access_token brings a fresh token, and closes it on a forged one', async () => {
    const a = await rtUser(backend, uniqueEmail('refresh'));
    clients.push(a.client);
    const base = { sub: a.id, role: 'authenticated', aud: 'authenticated' };
    const client = anonWithToken(await token({ ...base, exp: now() + 2 }));
    const rec = await record(client, 'refreshed', MEDIA);
    await client.realtime.setAuth(await token({ ...base, exp: now() + 3600, iat: now() }));
    await new Promise((r) => setTimeout(r, 3_000)); // past the first token's expiry
    expect(rec.statuses).toEqual(['SUBSCRIBED']);
    await a.client.from('media_ids').insert({ user_uuid: a.id, role: 'fan' });
    await rec.next((e) => e.new.user_uuid === a.id);

    await client.realtime.setAuth(await token({ ...base, exp: now() + 3600 }, 'attacker-secret-attacker-secret-attacker-secret'));
    expect(await waitFor(() => rec.statuses.includes('CLOSED'), 5_000)).toBe(true);
    expect(rec.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', message: 'Failed to validate JWT signature' });
  });
});

async function waitFor(cond: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}
