/**
 * Browser side of tests/bench/sync-browser.bench.ts (bundled with esbuild, run in headless
 * Chromium on native IndexedDB). Exposes `window.syncBench`; the Node driver calls it run by run.
 * Invariants: the Supabase client has the app's options (src/lib/supabase.ts) and a real session
 * (signInWithPassword); the engine runs in the app's production configuration (Dexie storage, no
 * ajv, no dev-mode, multiInstance + leader election); every run uses a fresh database, removed
 * after the measurement (outside the timed part).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import Dexie from 'dexie';
import { fillWithDefaultSettings, getRxReplicationMetaInstanceSchema, type RxJsonSchema, type RxStorage, type RxStorageInstance } from 'rxdb';
import { getDexieStoreSchema, getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createSyncEngine, upsertMediaId } from '../../../sync';
import { getBucketDexieStorage } from '../../../sync/storage/dexie-storage';
import { contentItemSchema } from '../../../sync/schemas/content-items';
import { bulkContentDocs, selectAllContentItems } from '../content-items-data';

/** Profiling only: Dexie storage whose instance calls are timed (name, method, context). */
function tracedStorage(log: string[], since: () => number): RxStorage<unknown, unknown> {
  const inner = getBucketDexieStorage();
  return {
    ...inner,
    async createStorageInstance(params: Parameters<typeof inner.createStorageInstance>[0]) {
      const instance = (await inner.createStorageInstance(params)) as unknown as Record<string, unknown>;
      const label = params.collectionName.replace(/^rx-replication-meta-.*/, 'meta');
      for (const method of ['bulkWrite', 'findDocumentsById', 'query', 'count', 'cleanup']) {
        if (typeof instance[method] !== 'function') continue;
        const original = (instance[method] as (...args: unknown[]) => Promise<unknown>).bind(instance);
        instance[method] = async (...args: unknown[]) => {
          const start = since();
          const result = await original(...args);
          const size = Array.isArray(args[0]) ? `×${args[0].length}` : '';
          const ctx = method === 'bulkWrite' ? ` ${String(args[1])}` : '';
          if (label !== 'meta' || size !== '×0') log.push(`${Math.round(start)}+${Math.round(since() - start)} ${label}.${method}${size}${ctx}`);
          return result;
        };
      }
      return instance as unknown as RxStorageInstance<unknown, unknown, unknown>;
    },
  } as RxStorage<unknown, unknown>;
}

export interface BenchSetup {
  url: string;
  anonKey: string;
  email: string;
  password: string;
  rows: number;
}

let client: SupabaseClient;
let userId = '';
let rows = 0;
const unique = () => `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

async function setup(config: BenchSetup): Promise<string> {
  rows = config.rows;
  client = createClient(config.url, config.anonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: 'bucket-bench-auth' },
  });
  const { data, error } = await client.auth.signInWithPassword({ email: config.email, password: config.password });
  if (error || !data.user) throw new Error(`sign-in: ${error?.message ?? 'no user'}`);
  userId = data.user.id;
  return userId;
}

type ServerRow = Record<string, unknown> & { id: string; _modified: string };
const selectAll = async (what: string) => (await selectAllContentItems(client, rows, what)) as ServerRow[];

/** Plain selects + one Dexie bulkPut into a fresh plain Dexie table. */
async function baseline(): Promise<number> {
  const name = `bench_baseline_${unique()}`;
  performance.clearResourceTimings();
  performance.setResourceTimingBufferSize(10_000);
  const t = performance.now();
  const data = await selectAll('baseline');
  const dexie = new Dexie(name);
  dexie.version(1).stores({ content_items: 'id, created_at' });
  await dexie.table('content_items').bulkPut(data);
  const elapsed = performance.now() - t;
  dexie.close();
  await Dexie.delete(name);
  return elapsed;
}

/**
 * Explanatory floor (not the goal's baseline): the same select, then the two IndexedDB writes
 * RxDB's Dexie storage must make per pulled row — the document into a store with the
 * collection's index set and the replication meta row (full document state) into a store with
 * the meta index set — as plain Dexie bulkPuts, without RxDB or the engine.
 * `appIndexes: false` drops the collection's own indexes and keeps only the ones the Dexie
 * storage always creates ([_deleted+id], [_meta.lwt+id], _meta.lwt): the least any engine on
 * RxDB's replication protocol over this storage can write, whatever its schema.
 */
async function indexFloor(appIndexes = true): Promise<number> {
  const docSchema = fillWithDefaultSettings(
    (appIndexes ? contentItemSchema : { ...contentItemSchema, indexes: [] }) as RxJsonSchema<unknown>,
  );
  const metaSchema = getRxReplicationMetaInstanceSchema(docSchema as never, false);
  const names = [`bench_floor_${unique()}`, `bench_floor_meta_${unique()}`] as const;
  const t = performance.now();
  const data = await selectAll('floor');
  const docsDb = new Dexie(names[0]);
  docsDb.version(1).stores({ docs: getDexieStoreSchema(docSchema) });
  const metaDb = new Dexie(names[1]);
  metaDb.version(1).stores({ meta: getDexieStoreSchema(metaSchema as never) });
  const lwt = Date.now();
  const docs = data.map((row, i) => ({
    ...row,
    sync_state: 'clean',
    sync_modified: row._modified,
    sync_error: null,
    sync_field_times: {},
    _deleted: '0',
    _rev: '1-bench',
    _meta: { lwt: lwt + i / 1000 },
    _attachments: {},
  }));
  await docsDb.table('docs').bulkPut(docs);
  await metaDb.table('meta').bulkPut(
    docs.map((doc, i) => ({
      id: `${String(doc.id)}|0`,
      isCheckpoint: '0',
      itemId: doc.id,
      docData: doc,
      _deleted: '0',
      _rev: '1-bench',
      _meta: { lwt: lwt + i / 1000 },
      _attachments: {},
    })),
  );
  const elapsed = performance.now() - t;
  docsDb.close();
  metaDb.close();
  await Promise.all(names.map((name) => Dexie.delete(name)));
  return elapsed;
}

/** Time spent in requests to `path` since `since` (resource timing; overlapping requests add up). */
function requestTime(path: string, since: number): { ms: number; count: number; timeline: string } {
  const entries = performance
    .getEntriesByType('resource')
    .filter((e) => e.startTime >= since && e.name.includes(path)) as PerformanceResourceTiming[];
  const timeline = entries
    .map((e) => `${Math.round(e.startTime - since)}–${Math.round(e.responseEnd - since)}`)
    .join(' ');
  return { ms: entries.reduce((sum, e) => sum + (e.responseEnd - e.startTime), 0), count: entries.length, timeline };
}

/**
 * Empty device → start → in sync (`plainStorage`: on RxDB's stock Dexie storage); returns the time from start(), the open time, and (for
 * profiling) the time spent in content_items requests during the run.
 */
async function engine(trace = false, plainStorage = false): Promise<{ ms: number; openMs: number; count: number; requestMs: number; requests: number; timeline: string }> {
  const t0 = performance.now();
  const log: string[] = [];
  let t = 0;
  const sync = await createSyncEngine({
    ...(trace ? { storage: tracedStorage(log, () => performance.now() - t) } : {}),
    // Same-run comparison: RxDB's own Dexie storage, without the absent-keys middleware.
    ...(plainStorage ? { storage: getRxStorageDexie() as RxStorage<unknown, unknown> } : {}),
    supabase: client,
    userId,
    databaseName: `bench_engine_${unique()}`,
    pollIntervalMs: 600_000,
  });
  t = performance.now();
  const landed: string[] = [];
  const sub = trace
    ? sync.db.content_items.eventBulks$.subscribe((bulk) =>
        landed.push(`${Math.round(performance.now() - t)}:${bulk.events.length}`),
      )
    : null;
  await sync.start();
  await sync.resync();
  const elapsed = performance.now() - t;
  const requests = requestTime('/rest/v1/content_items', t);
  sub?.unsubscribe();
  if (trace) {
    console.log(`all requests (start–end ms): ${requestTime('/', t).timeline}`);
    console.log(`content_items writes landed (ms:docs): ${landed.join(' ')}`);
    console.log(`storage calls (start+duration):\n${log.filter((l) => !/\+0 /.test(l)).join('\n')}`);
  }
  performance.clearResourceTimings();
  const count = await sync.db.content_items.count().exec();
  await sync.removeLocalData();
  return { ms: elapsed, openMs: t - t0, count, requestMs: requests.ms, requests: requests.count, timeline: requests.timeline };
}

/** Local write latency on a fresh database, replication not started. */
async function writes(runs: number): Promise<{ single: number[]; bulk: number[] }> {
  const sync = await createSyncEngine({ supabase: client, userId, databaseName: `bench_writes_${unique()}` });
  const single: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await upsertMediaId(sync.db, { user_uuid: userId, role: 'fan', interests: [`i${i}`, 'b', 'c'] });
    single.push(performance.now() - t);
  }
  const bulk: number[] = [];
  for (let run = 0; run < runs; run++) {
    const docs = bulkContentDocs(userId, run);
    const t = performance.now();
    await sync.db.content_items.bulkInsert(docs);
    bulk.push(performance.now() - t);
  }
  await sync.removeLocalData();
  return { single, bulk };
}

(window as unknown as { syncBench: unknown }).syncBench = { setup, baseline, indexFloor, engine, writes };

