/**
 * Sync benchmark: initial sync of 5,000 MediaID-sized rows into an empty device vs the baseline
 * of one plain `select` + Dexie `bulkPut` in the same run; plus local write latency of one
 * document and of a 1,000-document bulkInsert. Run: `npx tsx tests/bench/sync.bench.ts`.
 * fake-indexeddb in Node (absolute numbers are not a browser's; ratios are what matter).
 */
import { createClient } from '@supabase/supabase-js';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { startLocalBackend } from '../../supabase/local/index';
import { createSyncEngine, upsertMediaId, type SyncEngine } from '../../sync';
import { clientOptions } from '../integration/helpers/backend';
import { bulkContentDocs, SEED_CONTENT_ITEMS_SQL, SYNC_BENCH_ROWS } from './content-items-data';

const ROWS = SYNC_BENCH_ROWS;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
async function main() {
  const backend = await startLocalBackend({ port: 0, quiet: true });
  try {
    const admin = createClient(backend.url, backend.anonKey, clientOptions());
    const artist = await admin.auth.signUp({ email: `bench-artist-${Date.now()}@example.test`, password: 'secret-password' });
    const artistId = artist.data.user!.id;
    await backend.query(SEED_CONTENT_ITEMS_SQL, [artistId, ROWS]);
    const fanEmail = `bench-fan-${Date.now()}@example.test`;
    const fan = createClient(backend.url, backend.anonKey, clientOptions());
    await fan.auth.signUp({ email: fanEmail, password: 'secret-password' });
    const fanId = (await fan.auth.getUser()).data.user!.id;

    const baseline: number[] = [];
    const engineTimes: number[] = [];
    // Run 0 warms up JIT, PGlite and the HTTP path; it is not counted.
    for (let run = 0; run <= RUNS; run++) {
      // Baseline: one select of all rows + bulkPut into a plain Dexie table.
      let t = performance.now();
      const { data, error } = await fan.from('content_items').select('*').limit(ROWS);
      if (error || data?.length !== ROWS) throw new Error(`baseline select: ${error?.message ?? data?.length}`);
      const dexie = new Dexie(`baseline_${run}`, { indexedDB: new IDBFactory(), IDBKeyRange });
      dexie.version(1).stores({ content_items: 'id, created_at' });
      await dexie.table('content_items').bulkPut(data);
      if (run > 0) baseline.push(performance.now() - t);
      dexie.close();

      // Engine: empty device, production configuration (no ajv, no dev-mode), start → in sync.
      const engine: SyncEngine = await createSyncEngine({
        supabase: fan,
        userId: fanId,
        indexedDB: new IDBFactory(),
        IDBKeyRange,
        multiInstance: false,
        databaseName: `bench_engine_${run}`,
        pollIntervalMs: 600_000,
      });
      t = performance.now();
      await engine.start();
      await engine.resync();
      if (run > 0) engineTimes.push(performance.now() - t);
      const count = await engine.db.content_items.count().exec();
      if (count !== ROWS) throw new Error(`engine pulled ${count}`);
      await engine.close();
    }

    // Local writes on a fresh database (replication stopped: pure local latency).
    const writer = await createSyncEngine({
      supabase: fan,
      userId: fanId,
      indexedDB: new IDBFactory(),
      IDBKeyRange,
      multiInstance: false,
      databaseName: 'bench_writes',
    });
    const single: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await upsertMediaId(writer.db, { user_uuid: fanId, role: 'fan', interests: [`i${i}`, 'b', 'c'] });
      single.push(performance.now() - t);
    }
    const bulk: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const docs = bulkContentDocs(fanId, run);
      const t = performance.now();
      await writer.db.content_items.bulkInsert(docs);
      bulk.push(performance.now() - t);
    }
    await writer.close();

    const b = median(baseline);
    const e = median(engineTimes);
    console.log(`\nInitial sync of ${ROWS} MediaID-sized rows (median of ${RUNS}, fake-indexeddb):`);
    console.log(`  baseline select + Dexie bulkPut : ${ms(b)}  (${Math.round(ROWS / (b / 1000))} rows/s)`);
    console.log(`  sync engine (pull into RxDB)    : ${ms(e)}  (${Math.round(ROWS / (e / 1000))} rows/s)`);
    console.log(`  ratio engine / baseline         : ${(e / b).toFixed(2)}×  (goal ≤ 2×)`);
    console.log(`Local writes:`);
    console.log(`  one MediaID upsert (median of 50): ${ms(median(single))}`);
    console.log(`  1,000-doc bulkInsert (median of ${RUNS}): ${ms(median(bulk))}`);
  } finally {
    await backend.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
