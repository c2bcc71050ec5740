/**
 * Sync benchmark: initial sync of 5,000 MediaID-sized rows into an empty device vs the baseline
 * of plain `select`s (pages of max_rows, 1,000) + Dexie `bulkPut` in the same run; plus local write latency of one
 * document and of a 1,000-document bulkInsert. Run: `npx tsx tests/bench/sync.bench.ts`.
 * fake-indexeddb in Node (absolute numbers are not a browser's; ratios are what matter).
 */
import { createClient } from '@supabase/supabase-js';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { startLocalBackend } from '../../supabase/local/index';
import { createSyncEngine, upsertMediaId, type SyncEngine } from '../../sync';
import { contentItemRows, seedContentItems } from '../fixtures/content-items';
import { clientOptions, createArtistClient } from '../integration/helpers/backend';
import { bulkContentDocs, selectAllContentItems, SYNC_BENCH_ROWS } from './content-items-data';
import { benchSize } from './smoke';

const ROWS = benchSize(SYNC_BENCH_ROWS, 200);
const RUNS = benchSize(Number(process.env.BENCH_RUNS ?? 3), 1);
const SINGLE_WRITES = benchSize(50, 5);
const BULK_DOCS = benchSize(1000, 100);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
async function main() {
  const backend = await startLocalBackend({ port: 0, quiet: true });
  try {
    // An artist's items, each file stored before its row (as the outbox does); the artist signs in
    // on a new device (a device pulls its own content_items: sync_pull in 20261126200000).
    const email = `bench-artist-${Date.now()}@example.test`;
    const artist = await createArtistClient(backend, email, 'secret-password');
    await seedContentItems((sql) => backend.query(sql), artist.client, contentItemRows(artist.user.id, ROWS));
    const device = createClient(backend.url, backend.anonKey, clientOptions());
    const signIn = await device.auth.signInWithPassword({ email, password: 'secret-password' });
    if (signIn.error) throw signIn.error;
    const userId = artist.user.id;

    const baseline: number[] = [];
    const engineTimes: number[] = [];
    // Run 0 warms up JIT, PGlite and the HTTP path; it is not counted.
    for (let run = 0; run <= RUNS; run++) {
      // Baseline: plain selects of all rows (pages of max_rows) + bulkPut into a plain Dexie table.
      let t = performance.now();
      const data = await selectAllContentItems(device, ROWS, 'baseline');
      const dexie = new Dexie(`baseline_${run}`, { indexedDB: new IDBFactory(), IDBKeyRange });
      dexie.version(1).stores({ content_items: 'id, created_at' });
      await dexie.table('content_items').bulkPut(data);
      if (run > 0) baseline.push(performance.now() - t);
      dexie.close();

      // Engine: empty device, production configuration (no ajv, no dev-mode), start → in sync.
      const engine: SyncEngine = await createSyncEngine({
        supabase: device,
        userId: userId,
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
      supabase: device,
      userId: userId,
      indexedDB: new IDBFactory(),
      IDBKeyRange,
      multiInstance: false,
      databaseName: 'bench_writes',
    });
    const single: number[] = [];
    for (let i = 0; i < SINGLE_WRITES; i++) {
      const t = performance.now();
      await upsertMediaId(writer.db, { user_uuid: userId, role: 'fan', interests: [`i${i}`, 'b', 'c'] });
      single.push(performance.now() - t);
    }
    const bulk: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const docs = bulkContentDocs(userId, run, BULK_DOCS);
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
    console.log(`  one MediaID upsert (median of ${SINGLE_WRITES}): ${ms(median(single))}`);
    console.log(`  ${BULK_DOCS.toLocaleString('en-US')}-doc bulkInsert (median of ${RUNS}): ${ms(median(bulk))}`);
  } finally {
    await backend.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
