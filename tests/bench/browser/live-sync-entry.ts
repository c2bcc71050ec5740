/**
 * Browser side of tests/bench/live-sync-browser.bench.ts (bundled with esbuild, headless Chromium,
 * native IndexedDB and WebSocket). Exposes `window.liveBench`. Two devices of one artist in one
 * page: each its own supabase-js client (own session storage key) and its own engine and database
 * in the app's production configuration (Dexie, no ajv, no dev-mode, leader election), opening the
 * two collections the measurement needs. A writes new content items; the clock stops when B's
 * local database emits each one.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { firstValueFrom, filter, timeout } from 'rxjs';
import { createSyncEngine, type SyncEngine } from '../../../sync';
import { sequentialLatencies, spreadLatencies, type SequentialResult, type Writer } from '../live-sync-core';

export interface LiveBenchSetup {
  url: string;
  anonKey: string;
  email: string;
  password: string;
}

let config: LiveBenchSetup;
let writerEngine: SyncEngine;
let writer: Writer;
let seq = 0;

async function signedIn(key: string): Promise<{ client: SupabaseClient; userId: string }> {
  const client = createClient(config.url, config.anonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storageKey: key },
  });
  const { data, error } = await client.auth.signInWithPassword({ email: config.email, password: config.password });
  if (error || !data.user) throw new Error(`sign-in: ${error?.message ?? 'no user'}`);
  return { client, userId: data.user.id };
}

async function device(realtime: boolean, pollMs?: number): Promise<{ engine: SyncEngine; client: SupabaseClient }> {
  seq += 1;
  const { client, userId } = await signedIn(`bench-live-auth-${seq}`);
  const engine = await createSyncEngine({
    supabase: client,
    userId,
    databaseName: `bench_live_${Date.now().toString(36)}_${seq}`,
    collections: ['media_ids', 'content_items'],
    realtime,
    ...(pollMs ? { pollIntervalMs: pollMs } : {}),
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

async function setup(setupConfig: LiveBenchSetup): Promise<string> {
  config = setupConfig;
  const { engine, client } = await device(true);
  writerEngine = engine;
  writer = { client, db: engine.db, artistId: engine.userId };
  return writer.artistId;
}

/** B live on realtime: `warmUp` unmeasured writes, then `writes` measured ones, one at a time. */
async function live(writes: number, warmUp: number): Promise<SequentialResult> {
  const reader = (await device(true)).engine;
  try {
    await sequentialLatencies(writer, reader.db, warmUp, 'warm-up');
    return await sequentialLatencies(writer, reader.db, writes, 'live');
  } finally {
    await reader.removeLocalData();
  }
}

/** B polling only (realtime off) every `pollMs`; writes spread over two intervals. */
async function polling(writes: number, pollMs: number): Promise<number[]> {
  const reader = (await device(false, pollMs)).engine;
  try {
    return await spreadLatencies(writer, reader.db, writes, 2 * pollMs, 'polling');
  } finally {
    await reader.removeLocalData();
  }
}

async function teardown(): Promise<void> {
  await writerEngine.removeLocalData();
}

(window as unknown as { liveBench: unknown }).liveBench = { setup, live, polling, teardown };
