/**
 * Live-sync benchmark in Node (fake-indexeddb; Chromium: live-sync-browser.bench.ts): latency from
 * a write on device A to the row in device B's local database, over BENCH_LIVE_WRITES (50) writes,
 * p50/p95 — B live on realtime (production defaults), the same with 1,000 idle sockets joined to
 * B's own topic (every message fans out to all of them), and B polling only (realtime off, production interval 30 s; BENCH_POLL_MS) as the
 * same-run baseline. Goal: p95 ≤ 1 s live (≤ 300 ms with 1,000 sockets).
 * Run: `npx tsx tests/bench/live-sync.bench.ts`.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { firstValueFrom, filter, timeout } from 'rxjs';
import WebSocket from 'ws';
import { startLocalBackend, type LocalBackend } from '../../supabase/local/index';
import { createSyncEngine, type SyncEngine } from '../../sync';
import { percentile, sequentialLatencies, spreadLatencies, summarize } from './live-sync-core';
import { benchSize } from './smoke';

const WRITES = benchSize(Number(process.env.BENCH_LIVE_WRITES ?? 50), 3);
const WARM_UP = benchSize(5, 1);
const POLL_MS = benchSize(Number(process.env.BENCH_POLL_MS ?? 30_000), 1000);
const IDLE_SOCKETS = benchSize(Number(process.env.BENCH_IDLE_SOCKETS ?? 1000), 10);
const PASSWORD = 'secret-password';
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
};

async function signedIn(backend: LocalBackend, email: string): Promise<{ client: SupabaseClient; userId: string }> {
  const client = createClient(backend.url, backend.anonKey, options);
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.user) throw error ?? new Error('sign-in failed');
  return { client, userId: data.user.id };
}

let dbSeq = 0;
async function device(backend: LocalBackend, email: string, realtime: boolean): Promise<{ engine: SyncEngine; client: SupabaseClient }> {
  const { client, userId } = await signedIn(backend, email);
  dbSeq += 1;
  const engine = await createSyncEngine({
    supabase: client,
    userId,
    indexedDB: new IDBFactory(),
    IDBKeyRange,
    multiInstance: false,
    databaseName: `bench_live_${dbSeq}`,
    // Open-source RxDB allows 13 open collections per process: each device opens two.
    collections: ['media_ids', 'content_items'],
    realtime,
    ...(realtime ? {} : { pollIntervalMs: POLL_MS }),
  });
  await engine.start();
  await engine.resync();
  if (realtime)
    await firstValueFrom(
      engine.connection$.pipe(
        filter((m) => m === 'live'),
        timeout(20_000),
      ),
    );
  return { engine, client };
}

/** Sockets joined to the user's own private topic that never write: each message reaches all of them. */
async function idleSockets(backend: LocalBackend, email: string, count: number): Promise<Array<() => Promise<unknown>>> {
  const { client: owner, userId } = await signedIn(backend, email);
  const token = (await owner.auth.getSession()).data.session!.access_token;
  const closers: Array<() => Promise<unknown>> = [];
  for (let i = 0; i < count; i += 1) {
    const client = createClient(backend.url, backend.anonKey, options);
    await client.realtime.setAuth(token);
    const channel: RealtimeChannel = client.channel(`user:${userId}`, { config: { private: true } }).on('broadcast', { event: '*' }, () => undefined);
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : reject(error ?? new Error(status)))),
    );
    closers.push(async () => {
      await client.removeChannel(channel);
      await client.realtime.disconnect();
    });
  }
  return closers;
}

async function main() {
  // one user holds all the idle sockets: lift the per-user socket limit for this run; 1,000 sockets
  // on one topic are past hosted Pro's quotas, so this measures raw delivery (plan 'unlimited';
  // live-fanout-quota.bench.ts measures delivery within the quota)
  const backend = await startLocalBackend({
    port: 0,
    quiet: true,
    realtime: { maxConnectionsPerUser: IDLE_SOCKETS + 10, plan: 'unlimited' },
  });
  const engines: SyncEngine[] = [];
  try {
    const email = `bench-live-${Date.now()}@example.test`;
    const signUp = await createClient(backend.url, backend.anonKey, options).auth.signUp({ email, password: PASSWORD });
    if (signUp.error || !signUp.data.user) throw signUp.error ?? new Error('sign-up failed');
    const artistId = signUp.data.user.id;
    const { client } = await signedIn(backend, email);
    const made = await client.from('media_ids').insert({ user_uuid: artistId, role: 'artist' });
    if (made.error) throw made.error;

    const a = await device(backend, email, true);
    const b = (await device(backend, email, true)).engine;
    engines.push(a.engine, b);
    const writer = { client: a.client, db: a.engine.db, artistId };
    await sequentialLatencies(writer, b.db, WARM_UP, 'warm-up');
    const live = await sequentialLatencies(writer, b.db, WRITES, 'live');

    const idle = await idleSockets(backend, email, IDLE_SOCKETS);
    const crowded = await sequentialLatencies(writer, b.db, WRITES, 'live-crowded');
    await Promise.all(idle.map((close) => close()));

    await b.close();
    const p = (await device(backend, email, false)).engine;
    engines.push(p);
    const polling = await spreadLatencies(writer, p.db, WRITES, 2 * POLL_MS, 'polling');

    console.log(`\nWrite on A → row in B's local database (Node, fake-indexeddb, in-process backend):`);
    console.log(summarize('B live on realtime', live.latencies));
    console.log(summarize('  of which A: write → push acknowledged', live.pushed));
    console.log(summarize(`B live, ${IDLE_SOCKETS} idle sockets on its topic`, crowded.latencies));
    console.log(summarize(`B polling only (every ${POLL_MS / 1000} s)`, polling));
    const ratio = percentile(polling, 50) / percentile(live.latencies, 50);
    console.log(
      `  p50 polling / live: ${ratio.toFixed(0)}×; goal p95 ≤ 1000 ms live (stretch ≤ 300 ms): ` +
        `${percentile(live.latencies, 95) <= 1000 ? 'met' : 'NOT met'}, with ${IDLE_SOCKETS} idle sockets ${percentile(crowded.latencies, 95) <= 1000 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await Promise.all(engines.map((e) => e.close().catch(() => undefined)));
    await backend.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
