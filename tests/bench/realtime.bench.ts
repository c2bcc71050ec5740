/**
 * Benchmark: raw Realtime delivery on the local backend — a write by user A through /rest/v1
 * until the `postgres_changes` event reaches A's second device (supabase-js over ws), p50/p95,
 * with 0 and 200 idle subscribed sockets (200 other users on the same table: unfiltered, so
 * every change is RLS-checked for all of them; and filtered on their own id, the cheap case).
 * The baseline is the same run's REST write round trip. Run: npx tsx tests/bench/realtime.bench.ts
 * Invariants: one process, same data, same run — compare ratios and orders of magnitude only.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { createClient } from '@supabase/supabase-js';
import { startLocalBackend } from '../../supabase/local/index';
import { benchSize } from './smoke';

const WRITES = benchSize(60, 3);
const WARM_UP = benchSize(5, 1);
const IDLE = benchSize(200, 5);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]!;
};

const backend = await startLocalBackend({ port: 0, quiet: true });
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
};
const idleSockets: WebSocket[] = [];
try {
  const email = `bench-${Date.now()}@example.test`;
  const a = createClient(backend.url, backend.anonKey, options);
  const up = await a.auth.signUp({ email, password: 'bench-password-1' });
  if (up.error || !up.data.user) throw up.error ?? new Error('sign-up failed');
  const uid = up.data.user.id;
  const b = createClient(backend.url, backend.anonKey, options);
  const inB = await b.auth.signInWithPassword({ email, password: 'bench-password-1' });
  if (inB.error) throw inB.error;
  const ins = await a.from('media_ids').insert({ user_uuid: uid, role: 'fan' });
  if (ins.error) throw ins.error;

  let waiting: { n: number; resolve: () => void } | undefined;
  await new Promise<void>((resolve, reject) => {
    b.channel('bench-b')
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'media_ids' }, (p) => {
        const n = Number((p.new as { interests?: string[] }).interests?.[0]);
        if (waiting && n === waiting.n) waiting.resolve();
      })
      .subscribe((s, e) => (s === 'SUBSCRIBED' ? resolve() : s !== 'CLOSED' && reject(e ?? new Error(s))));
  });

  const key = new TextEncoder().encode(backend.jwtSecret);
  async function openIdle(filtered: boolean): Promise<void> {
    const url = `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`;
    await Promise.all(
      Array.from({ length: IDLE }, async (_, i) => {
        const sub = randomUUID();
        const token = await new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(key);
        const ws = new WebSocket(url);
        idleSockets.push(ws);
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        const binding = { event: '*', schema: 'public', table: 'media_ids', ...(filtered ? { filter: `user_uuid=eq.${sub}` } : {}) };
        const joined = new Promise<void>((resolve) => ws.on('message', (d: Buffer) => d.toString().includes('"system"') && resolve()));
        ws.send(JSON.stringify([String(i), String(i), `realtime:idle-${i}`, 'phx_join', { config: { postgres_changes: [binding] }, access_token: token }]));
        await joined;
      }),
    );
  }
  async function closeIdle(): Promise<void> {
    await Promise.all(idleSockets.splice(0).map((ws) => new Promise<void>((r) => (ws.once('close', () => r()), ws.close()))));
  }

  let n = 0;
  async function measure(): Promise<{ event: number[]; write: number[] }> {
    const event: number[] = [];
    const write: number[] = [];
    for (let i = 0; i < WRITES + WARM_UP; i++) {
      n += 1;
      const arrived = new Promise<void>((resolve) => (waiting = { n, resolve }));
      const t0 = performance.now();
      const r = await a.from('media_ids').update({ interests: [String(n)] }).eq('user_uuid', uid);
      const t1 = performance.now();
      if (r.error) throw r.error;
      await arrived;
      const t2 = performance.now();
      if (i >= WARM_UP) {
        write.push(t1 - t0);
        event.push(t2 - t0);
      }
    }
    return { event, write };
  }

  const rows: Record<string, string>[] = [];
  const report = (name: string, m: { event: number[]; write: number[] }) =>
    rows.push({
      scenario: name,
      'REST write p50 (ms)': pct(m.write, 50).toFixed(1),
      'write→event p50 (ms)': pct(m.event, 50).toFixed(1),
      'write→event p95 (ms)': pct(m.event, 95).toFixed(1),
      'p50 ratio (event/write)': (pct(m.event, 50) / pct(m.write, 50)).toFixed(2) + '×',
    });
  report('no other sockets', await measure());
  await openIdle(false);
  report(`${IDLE} idle sockets, unfiltered (RLS-checked)`, await measure());
  await closeIdle();
  await openIdle(true);
  report(`${IDLE} idle sockets, filtered on own id`, await measure());
  await closeIdle();

  console.log(`realtime bench — ${WRITES} writes per scenario (after ${WARM_UP} warm-up), write on A → event on A's second device`);
  console.table(rows);
  await b.removeAllChannels();
  b.realtime.disconnect();
} finally {
  for (const ws of idleSockets) ws.terminate();
  await backend.stop();
}
