/**
 * Attacks on the realtime server's single thread, against `npm run backend` in a child process
 * (so a frozen server can be killed): while a signed-in attacker's subscriptions are joined and
 * another user writes, every other client must still be answered within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { uniqueEmail } from '../helpers/backend';
import { freePort } from '../helpers/real-postgres';
import { closeAll, rtOptions, type Binding } from './helpers';

let child: ChildProcess;
let dataDir = '';
let url = '';
let anonKey = '';
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bucket-freeze-'));
  const port = await freePort();
  // the Stripe edge `npm run backend` starts beside it gets a free port too (12111 may be npm start's)
  const stripePort = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], {
    env: {
      ...process.env,
      BUCKET_BACKEND_PORT: String(port),
      BUCKET_STRIPE_PORT: String(stripePort),
      BUCKET_BACKEND_DATA: join(dataDir, 'db'),
      BUCKET_AUTH_RATE_LIMITS: 'harness',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`backend did not start: ${out}`)), 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const key = /anon key:\s+(\S+)/.exec(out);
      if (key) {
        clearTimeout(t);
        anonKey = key[1]!;
        url = `http://127.0.0.1:${port}`;
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`backend exited (${code}): ${out}`)));
  });
});

afterAll(async () => {
  await closeAll(...clients).catch(() => undefined);
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(tag: string): Promise<{ client: SupabaseClient; id: string }> {
  const client = createClient(url, anonKey, rtOptions());
  clients.push(client);
  const { data, error } = await client.auth.signUp({ email: uniqueEmail(tag), password: 'password-123' });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, id: data.session.user.id };
}

/** Joins `postgres_changes` and resolves with the server's `system` answer (ok or error message). */
function joinAnswer(client: SupabaseClient, name: string, binding: Binding): Promise<{ status: string; message: string }> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no system answer on ${name}`)), 10_000);
    client
      .channel(name)
      .on('postgres_changes' as never, binding as never, (() => undefined) as never)
      .on('system', {}, (p: { status: string; message: string }) => (clearTimeout(t), resolve(p)))
      .subscribe();
  });
}

/** Milliseconds until an unrelated request is answered (Infinity past `limitMs`). */
async function probe(limitMs: number): Promise<number> {
  const started = Date.now();
  try {
    const res = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey }, signal: AbortSignal.timeout(limitMs) });
    await res.text();
    return Date.now() - started;
  } catch {
    return Infinity;
  }
}

/** Probes every 100 ms for `forMs`; returns the slowest answer. */
async function slowestAnswer(forMs: number): Promise<number> {
  let worst = 0;
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    worst = Math.max(worst, await probe(2_000));
    if (worst === Infinity) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return worst;
}

describe('realtime attacks on the server thread', () => {
  it('a backtracking `like` filter is refused at join; a write by anyone then leaves the server answering within 1 s', async () => {
    const attacker = await signUp('rt-freeze');
    const victim = await signUp('rt-victim');
    const filter = `_modified=like.${'%'.repeat(30)}!`;
    const answer = joinAnswer(attacker.client, 'freeze', { event: '*', schema: 'public', table: '*', filter });
    const write = victim.client.from('profiles').upsert({ id: victim.id, display_name: 'Victim' }).then(({ error }) => expect(error).toBeNull());
    const [, worst] = await Promise.all([Promise.race([write, new Promise((r) => setTimeout(r, 3_000))]), slowestAnswer(2_000)]);
    expect(worst).toBeLessThan(1_000);
    expect(await answer).toMatchObject({ status: 'error', message: expect.stringMatching(/`like` is not implemented/) });
  });

  it('`in` filters with thousands of values are refused; 100 channels of 100-value filters leave others answered within 1 s', async () => {
    const attacker = await signUp('rt-amplify');
    const victim = await signUp('rt-amplify-victim');
    const many = Array.from({ length: 4_000 }, () => crypto.randomUUID());
    const big = await joinAnswer(attacker.client, 'amp-big', { event: '*', schema: 'public', table: 'content_items', filter: `id=in.(${many.join(',')})` });
    expect(big).toMatchObject({ status: 'error', message: expect.stringMatching(/at most 100 values/) });

    const hundred = many.slice(0, 100);
    const joined = await Promise.all(
      Array.from({ length: 99 }, (_, i) =>
        joinAnswer(attacker.client, `amp-${i}`, { event: '*', schema: 'public', table: 'profiles', filter: `id=in.(${[...hundred.slice(1), victim.id].join(',')})` }),
      ),
    );
    expect(joined.every((j) => j.status === 'ok')).toBe(true);
    expect((await victim.client.from('profiles').upsert({ id: victim.id, display_name: 'Victim' })).error).toBeNull();
    const writes = Promise.all(Array.from({ length: 20 }, (_, i) => victim.client.from('profiles').update({ display_name: `Victim ${i}` }).eq('id', victim.id)));
    const [, worst] = await Promise.all([writes, slowestAnswer(2_000)]);
    expect(worst).toBeLessThan(1_000);
  });
});
