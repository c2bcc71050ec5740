/**
 * Sync benchmark in headless Chromium on native IndexedDB — the same comparison as
 * tests/bench/sync.bench.ts (fake-indexeddb in Node): initial sync of 5,000 MediaID-sized rows
 * into an empty device vs the baseline of one plain `select` + Dexie `bulkPut` into a plain Dexie
 * table, alternating in the same page, medians; plus local write latency of one document and of
 * a 1,000-document bulkInsert. Run: `npx tsx tests/bench/sync-browser.bench.ts`.
 * The in-process local backend (in-memory, free port) serves the data; the page code
 * (tests/bench/browser/sync-entry.ts) is bundled with esbuild into /tmp and served by a tiny
 * HTTP server. Chromium: CHROME_PATH or /usr/bin/chromium (no browser download), with a
 * persistent on-disk profile (an incognito context keeps IndexedDB in memory).
 * Also printed: an "IndexedDB floor" — the same select plus the two bulkPuts RxDB's Dexie storage
 * has to make per pulled row (document with the collection's indexes, replication meta with the
 * full document state), without RxDB — to tell storage cost from engine cost — and a "storage
 * minimum": the same two bulkPuts with only the indexes the Dexie storage always creates, i.e. the
 * least any RxDB-replication engine on this storage can write per pulled row. The engine also runs
 * on RxDB's stock Dexie storage (without sync/storage/absent-keys.ts) in the same run, for comparison.
 * The baseline and floors read the rows in pages of 1,000 (the server's max_rows, as hosted).
 * Env: BENCH_RUNS (5), BENCH_SETTLE_MS (1500), BENCH_VERBOSE=1 (per run, request timeline),
 * BENCH_TRACE=1 (one extra engine run with every storage call timed), BENCH_PROFILE=<file>
 * (one extra engine run under the CDP CPU profiler; unminified bundle; prints the hot spots).
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { startLocalBackend } from '../../supabase/local/index';
import { contentItemRows, seedContentItems } from '../fixtures/content-items';
import { createArtistClient } from '../integration/helpers/backend';
import { SYNC_BENCH_ROWS } from './content-items-data';
import { benchSize } from './smoke';

const ROWS = benchSize(SYNC_BENCH_ROWS, 200);
const RUNS = benchSize(Number(process.env.BENCH_RUNS ?? 5), 1);
// Per process, so two runs (e.g. CI and a developer) never serve each other's bundle.
const OUT_DIR = `/tmp/bucket-bench-browser/${process.pid}`;
const SETTLE_MS = benchSize(Number(process.env.BENCH_SETTLE_MS ?? 1500), 100);
const here = dirname(fileURLToPath(import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
interface SyncBench {
  setup(config: { url: string; anonKey: string; email: string; password: string; rows: number }): Promise<string>;
  baseline(): Promise<number>;
  indexFloor(appIndexes?: boolean): Promise<number>;
  engine(trace?: boolean, plainStorage?: boolean): Promise<{ ms: number; openMs: number; count: number; requestMs: number; requests: number; timeline: string }>;
  writes(runs: number): Promise<{ single: number[]; bulk: number[] }>;
}
type BenchWindow = { syncBench: SyncBench };

async function bundle(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  await build({
    entryPoints: [join(here, 'browser/sync-entry.ts')],
    outfile: join(OUT_DIR, 'sync-entry.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Readable function names in a CPU profile (BENCH_PROFILE).
    minify: !process.env.BENCH_PROFILE,
    sourcemap: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
}

function serve(): Promise<Server> {
  const html = '<!doctype html><meta charset="utf-8"><title>sync bench</title><script type="module" src="/sync-entry.js"></script>';
  const server = createServer((req, res) => {
    if (req.url === '/sync-entry.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(readFileSync(join(OUT_DIR, 'sync-entry.js')));
    } else if (req.url === '/' || req.url === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    } else {
      res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** One extra engine run under the CDP Profiler; writes a .cpuprofile and prints the hot spots. */
async function profileEngineRun(page: Page, file: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.evaluate(() => (window as unknown as BenchWindow).syncBench.engine());
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log(`CPU profile written to ${file}; top self time:`);
  [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .forEach(([k, v]) => console.log(`  ${ms(v).padStart(10)}  ${k}`));
}

async function main() {
  const backend = await startLocalBackend({ port: 0, quiet: true });
  const server = await serve();
  // A persistent profile on disk, as an installed app has: a default (incognito-like) context
  // keeps IndexedDB in memory, which is not what users run on.
  const profileDir = mkdtempSync(join(tmpdir(), 'bucket-bench-profile-'));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    // An artist's items, each file stored before its row (as the outbox does); the page is the
    // artist's new device (a device pulls its own content_items: sync_pull in 20261126200000).
    const email = `bench-artist-${Date.now()}@example.test`;
    const password = 'secret-password';
    const [, artist] = await Promise.all([bundle(), createArtistClient(backend, email, password)]);
    await seedContentItems((sql) => backend.query(sql), artist.client, contentItemRows(artist.user.id, ROWS));

    const page: Page = await browser.newPage();
    page.on('pageerror', (error) => console.error('[page error]', error));
    page.on('console', (msg) => {
      if (msg.type() === 'error' || process.env.BENCH_VERBOSE) console.error('[page]', msg.text());
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'syncBench' in window);
    await page.evaluate(
      (config) => (window as unknown as BenchWindow).syncBench.setup(config),
      { url: backend.url, anonKey: backend.anonKey, email, password, rows: ROWS },
    );

    const baseline: number[] = [];
    const engineTimes: number[] = [];
    const openTimes: number[] = [];
    const floorTimes: number[] = [];
    const minimumTimes: number[] = [];
    const plainTimes: number[] = [];
    // Run 0 warms up JIT, PGlite and the HTTP path; it is not counted. Alternating order.
    // Each measurement deletes its database; IndexedDB finishes that (and compaction) in the
    // background, so the next one starts after a pause instead of competing with it.
    const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    for (let run = 0; run <= RUNS; run++) {
      const b = await page.evaluate(() => (window as unknown as BenchWindow).syncBench.baseline());
      await settle();
      const e = await page.evaluate(() => (window as unknown as BenchWindow).syncBench.engine());
      await settle();
      const f = await page.evaluate(() => (window as unknown as BenchWindow).syncBench.indexFloor());
      await settle();
      const m = await page.evaluate(() => (window as unknown as BenchWindow).syncBench.indexFloor(false));
      await settle();
      const p = await page.evaluate(() => (window as unknown as BenchWindow).syncBench.engine(false, true));
      await settle();
      if (p.count !== ROWS) throw new Error(`engine (plain storage) pulled ${p.count}`);
      if (e.count !== ROWS) throw new Error(`engine pulled ${e.count}`);
      if (run > 0) {
        baseline.push(b);
        engineTimes.push(e.ms);
        openTimes.push(e.openMs);
        floorTimes.push(f);
        minimumTimes.push(m);
        plainTimes.push(p.ms);
      }
      if (process.env.BENCH_VERBOSE) console.log(`  run ${run}: baseline ${ms(b)}, floor ${ms(f)}, minimum ${ms(m)}, engine ${ms(e.ms)} (+open ${ms(e.openMs)}; ${e.requests} content_items requests ${ms(e.requestMs)}: ${e.timeline})`);
    }
    if (process.env.BENCH_TRACE) await page.evaluate(() => (window as unknown as BenchWindow).syncBench.engine(true));
    if (process.env.BENCH_PROFILE) await profileEngineRun(page, process.env.BENCH_PROFILE);
    const { single, bulk } = await page.evaluate(
      (runs) => (window as unknown as BenchWindow).syncBench.writes(runs),
      RUNS,
    );

    const b = median(baseline);
    const e = median(engineTimes);
    console.log(`\nInitial sync of ${ROWS} MediaID-sized rows (median of ${RUNS}, Chromium, native IndexedDB):`);
    console.log(`  baseline selects + Dexie bulkPut: ${ms(b)}  (${Math.round(ROWS / (b / 1000))} rows/s)`);
    console.log(`  sync engine (pull into RxDB)    : ${ms(e)}  (${Math.round(ROWS / (e / 1000))} rows/s)`);
    console.log(`  ratio engine / baseline         : ${(e / b).toFixed(2)}×  (goal ≤ 2×)`);
    console.log(`  (engine database open, not in the ratio: ${ms(median(openTimes))})`);
    const f = median(floorTimes);
    console.log(`  IndexedDB floor: select + the document and replication-meta bulkPuts with RxDB's index sets`);
    console.log(`    (no RxDB, no engine): ${ms(f)} = ${(f / b).toFixed(2)}× baseline; engine / floor ${(e / f).toFixed(2)}×`);
    const m = median(minimumTimes);
    console.log(`  Storage minimum: the same two bulkPuts with only the indexes RxDB's Dexie storage always`);
    console.log(`    creates (no app index): ${ms(m)} = ${(m / b).toFixed(2)}× baseline — no engine on RxDB's`);
    console.log(`    replication protocol over this storage can be faster, whatever its schema`);
    console.log(`  ratio engine / storage minimum  : ${(e / m).toFixed(2)}×  (goal ≤ 1.25×)`);
    const pl = median(plainTimes);
    console.log(`  same engine on RxDB's stock Dexie storage (no absent-keys middleware): ${ms(pl)}`);
    console.log(`    = ${(pl / m).toFixed(2)}× storage minimum; middleware saves ${(100 * (1 - e / pl)).toFixed(0)} %`);
    console.log(`Local writes:`);
    console.log(`  one MediaID upsert (median of 50): ${ms(median(single))}`);
    console.log(`  1,000-doc bulkInsert (median of ${RUNS}): ${ms(median(bulk))}`);
  } finally {
    await browser.close();
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(OUT_DIR, { recursive: true, force: true });
    server.close();
    await backend.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
