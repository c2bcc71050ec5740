/**
 * Live-sync benchmark in headless Chromium (native IndexedDB and WebSocket; Node:
 * live-sync.bench.ts): latency from a write on device A to the row in device B's local database,
 * over BENCH_LIVE_WRITES (50) writes, p50/p95 — B live on realtime, and B polling only (realtime
 * off, production interval 30 s; BENCH_POLL_MS) as the same-run baseline. The page code
 * (tests/bench/browser/live-sync-entry.ts) is bundled with esbuild and served by a tiny HTTP
 * server; the in-process local backend (in-memory, free port) serves data and realtime.
 * Chromium: CHROME_PATH or /usr/bin/chromium, persistent on-disk profile.
 * Run: `npx tsx tests/bench/live-sync-browser.bench.ts`.
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { startLocalBackend } from '../../supabase/local/index';
import { clientOptions } from '../integration/helpers/backend';
import { percentile, summarize, type SequentialResult } from './live-sync-core';
import { benchSize } from './smoke';

const WRITES = benchSize(Number(process.env.BENCH_LIVE_WRITES ?? 50), 3);
const WARM_UP = benchSize(5, 1);
const POLL_MS = benchSize(Number(process.env.BENCH_POLL_MS ?? 30_000), 1000);
const OUT_DIR = `/tmp/bucket-bench-live-browser/${process.pid}`;
const here = dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'secret-password';

interface LiveBench {
  setup(config: { url: string; anonKey: string; email: string; password: string }): Promise<string>;
  live(writes: number, warmUp: number): Promise<SequentialResult>;
  polling(writes: number, pollMs: number): Promise<number[]>;
  teardown(): Promise<void>;
}
type BenchWindow = { liveBench: LiveBench };

async function bundle(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  await build({
    entryPoints: [join(here, 'browser/live-sync-entry.ts')],
    outfile: join(OUT_DIR, 'live-sync-entry.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
}

function serve(): Promise<Server> {
  const html =
    '<!doctype html><meta charset="utf-8"><title>live sync bench</title><script type="module" src="/live-sync-entry.js"></script>';
  const server = createServer((req, res) => {
    if (req.url === '/live-sync-entry.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(readFileSync(join(OUT_DIR, 'live-sync-entry.js')));
    } else if (req.url === '/' || req.url === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    } else {
      res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  const backend = await startLocalBackend({ port: 0, quiet: true });
  const server = await serve();
  const profileDir = mkdtempSync(join(tmpdir(), 'bucket-bench-live-profile-'));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const email = `bench-live-browser-${Date.now()}@example.test`;
    const anon = createClient(backend.url, backend.anonKey, clientOptions());
    const [, up] = await Promise.all([bundle(), anon.auth.signUp({ email, password: PASSWORD })]);
    if (up.error || !up.data.user) throw up.error ?? new Error('sign-up failed');
    // content_items may be written only by artists (RLS): the user gets an artist MediaID.
    const made = await anon.from('media_ids').insert({ user_uuid: up.data.user.id, role: 'artist' });
    if (made.error) throw made.error;

    const page: Page = browser.pages()[0] ?? (await browser.newPage());
    page.on('pageerror', (error) => console.error('[page error]', error));
    page.on('console', (msg) => {
      if (msg.type() === 'error' || process.env.BENCH_VERBOSE) console.error('[page]', msg.text());
    });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'liveBench' in window);
    await page.evaluate((config) => (window as unknown as BenchWindow).liveBench.setup(config), {
      url: backend.url,
      anonKey: backend.anonKey,
      email,
      password: PASSWORD,
    });
    const live = await page.evaluate(
      ([writes, warmUp]) => (window as unknown as BenchWindow).liveBench.live(writes!, warmUp!),
      [WRITES, WARM_UP],
    );
    const polling = await page.evaluate(
      ([writes, pollMs]) => (window as unknown as BenchWindow).liveBench.polling(writes!, pollMs!),
      [WRITES, POLL_MS],
    );
    await page.evaluate(() => (window as unknown as BenchWindow).liveBench.teardown());

    console.log(`\nWrite on A → row in B's local database (Chromium, native IndexedDB and WebSocket):`);
    console.log(summarize('B live on realtime', live.latencies));
    console.log(summarize('  of which A: write → push acknowledged', live.pushed));
    console.log(summarize(`B polling only (every ${POLL_MS / 1000} s)`, polling));
    const ratio = percentile(polling, 50) / percentile(live.latencies, 50);
    console.log(
      `  p50 polling / live: ${ratio.toFixed(0)}×; goal p95 ≤ 1000 ms live (stretch ≤ 300 ms): ` +
        `${percentile(live.latencies, 95) <= 1000 ? 'met' : 'NOT met'}${percentile(live.latencies, 95) <= 300 ? ', stretch met' : ''}`,
    );
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
