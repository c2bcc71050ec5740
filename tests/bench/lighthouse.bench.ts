/**
 * Lighthouse 12 (mobile preset: default config, simulated throttling) on the production build,
 * in Debian's Chromium: for each page 5 cold runs (a fresh browser profile each), medians of the
 * performance score, LCP, TBT, CLS and the transferred bytes of JS and CSS. The same measure on a
 * baseline page (React + Mantine, a heading and four cards, built by the project's Vite config)
 * is printed first as the reference line, so machine noise shows as noise.
 *
 * `/dashboard/fan` is measured for a fan seeded through the backend's APIs (GoTrue sign-up, then
 * the profile and fan MediaID rows through PostgREST as that user); each run's fresh profile gets
 * the session in localStorage (set on /robots.txt, so no app code runs before Lighthouse's load)
 * and Lighthouse keeps that storage (disableStorageReset): a signed-in fan on a new device.
 *
 * `/dashboard/fan#returning` is the same fan's dashboard on a returning device: before Lighthouse
 * loads it, the page is opened once in that profile (service worker installed, database synced).
 *
 * Env: LH_RUNS (default 5), LH_PAGES (comma list of paths, default all), LH_DIST (default dist),
 * LH_REPORTS=dir to keep every run's JSON report and trace per page (`<page>-<run>.json`), LH_COMPARE=dir to measure the same pages of a
 * second build (e.g. main's, built with `vite build --outDir dir`) in the same round robin (A/B), LH_SAMPLES=1 to add
 * V8's CPU samples to the kept traces (read them with tests/bench/lighthouse-samples.mjs). Expects `dist/` built (scripts/bench.mjs builds it).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { build, preview, type PreviewServer } from 'vite';
import { backendPortFree, BENCH_BACKEND_PORT, BENCH_BACKEND_URL as BACKEND } from './bench-ports';
import { seedFan } from './seed-fan';
import { BENCH_SMOKE, benchSize } from './smoke';

/**
 * The embedded backend where the build expects it (bench-ports.ts), in its own process with a
 * throw-away data directory; a port already taken is refused (never someone else's backend).
 */
async function startBackend(): Promise<ChildProcess> {
  await backendPortFree();
  const child = spawn('node_modules/.bin/tsx', ['supabase/local/cli.ts'], {
    env: {
      ...process.env,
      BUCKET_BACKEND_PORT: String(BENCH_BACKEND_PORT),
      BUCKET_BACKEND_DATA: mkdtempSync(join(tmpdir(), 'bucket-lighthouse-')),
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the local backend exited during start-up');
    const up = await fetch(`${BACKEND}/auth/v1/settings`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the local backend did not start within 3 minutes');
}

const AUTH_STORAGE_KEY = 'bucket-auth';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const RUNS = benchSize(Number(process.env.LH_RUNS ?? 5), 1);
/** `#returning`: the same page on a device that has opened it before (see `warmUp`). */
const RETURNING = '#returning';
const PAGES = ['/', '/welcome', '/login', '/catalog', '/artist/login', '/dashboard/fan', `/dashboard/fan${RETURNING}`];
const BASELINE_PATH = '/tests/bench/lighthouse-baseline/index.html';
const BASELINE_OUT = '.tmp/lighthouse-baseline';

interface Sample {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  css: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function buildBaseline() {
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: {
      outDir: BASELINE_OUT,
      emptyOutDir: true,
      rollupOptions: { input: BASELINE_PATH.slice(1) },
    },
  });
}

async function serve(outDir: string): Promise<{ server: PreviewServer; origin: string }> {
  const server = await preview({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

/**
 * A returning device, as a fan opening the installed app from the home screen: the page was opened
 * in this profile before (the first visit installs the service worker, which precaches the app;
 * the second runs under it, as every later visit does, and Chromium keeps the compiled code), the
 * fan's database has synced, then the tab was closed.
 */
async function warmUp(browser: Awaited<ReturnType<typeof puppeteer.connect>>, url: string) {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  // Active means installed: the worker has precached every asset by then.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  for (const visit of ['first', 'second']) {
    if (visit === 'second') await page.goto(url, { waitUntil: 'load' });
    // The Daily Locker is on screen (its current card, or its empty state for a fan with no drops
    // yet), then the sync settles.
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-roledescription="slide"]') ??
        document.body.innerText.includes('Your Locker is Empty'),
      { timeout: 60_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
  await page.close();
}

async function measure(
  url: string,
  session: string | null,
): Promise<{ sample: Sample; report: string; trace?: { traceEvents: unknown[] } }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const returning = url.endsWith(RETURNING);
  url = url.replace(RETURNING, '');
  try {
    if (session) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate((key, value) => localStorage.setItem(key, value), AUTH_STORAGE_KEY, session);
      await page.close();
      if (returning) await warmUp(browser, url);
      await browser.disconnect();
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: Boolean(session),
      },
      // LH_SAMPLES: V8's CPU samples in the kept trace (tests/bench/lighthouse-samples.mjs reads them).
      process.env.LH_SAMPLES
        ? {
            extends: 'lighthouse:default',
            settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' },
          }
        : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const items = (
      lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
    )?.items;
    const bytes = (type: string) => items?.find((item) => item.resourceType === type)?.transferSize ?? 0;
    const sample: Sample = {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      js: bytes('script'),
      css: bytes('stylesheet'),
    };
    const trace = (result.artifacts as { Trace?: { traceEvents: unknown[] } }).Trace;
    return { sample, report: result.report as string, trace };
  } finally {
    chrome.kill();
  }
}

function line(name: string, samples: Sample[]) {
  const m = (key: keyof Sample) => median(samples.map((s) => s[key]));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  return (
    `  ${name.padEnd(22)} perf ${String(m('score')).padStart(3)}  LCP ${(m('lcp') / 1000).toFixed(2)} s` +
    `  TBT ${m('tbt').toFixed(0).padStart(4)} ms  CLS ${m('cls').toFixed(3)}` +
    `  JS ${kb(m('js')).padStart(7)}  CSS ${kb(m('css')).padStart(6)}` +
    `  (scores ${samples.map((s) => s.score).join(' ')})`
  );
}

// Smoke: the baseline and the signed-in dashboard (the page that needs the backend and a seeded fan).
const pages = process.env.LH_PAGES ? process.env.LH_PAGES.split(',') : BENCH_SMOKE ? ['/dashboard/fan'] : PAGES;
const reportsDir = process.env.LH_REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });

await buildBaseline();
const backend = await startBackend();
const app = await serve(process.env.LH_DIST ?? 'dist');
const baseline = await serve(BASELINE_OUT);
const compareDir = process.env.LH_COMPARE;
const compare = compareDir ? await serve(compareDir) : null;
try {
  const session = pages.some((path) => path.startsWith('/dashboard')) ? await seedFan(BACKEND, AUTH_STORAGE_KEY) : null;
  const targets = [
    { name: 'baseline', url: baseline.origin + BASELINE_PATH, session: null },
    ...pages.map((path) => ({
      name: path,
      url: app.origin + path,
      session: path.startsWith('/dashboard') ? session : null,
    })),
    ...(compare
      ? pages.map((path) => ({
          name: `${compareDir} ${path}`,
          url: compare.origin + path,
          session: path.startsWith('/dashboard') ? session : null,
        }))
      : []),
  ];
  const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
  // Round robin, so a noisy minute spreads over every page instead of sinking one.
  for (let run = 0; run < RUNS; run += 1) {
    for (const target of targets) {
      const { sample, report, trace } = await measure(target.url, target.session);
      samples.get(target.name)!.push(sample);
      if (reportsDir) {
        const file = join(reportsDir, `${target.name.replace(/\W+/g, '_') || 'root'}-${run + 1}`);
        writeFileSync(`${file}.json`, report);
        // The trace Lighthouse simulated from (open it in Chrome DevTools' Performance panel).
        if (trace) writeFileSync(`${file}.trace.json`, JSON.stringify(trace));
      }
    }
  }
  console.log(`lighthouse 12 mobile (simulated throttling), medians of ${RUNS} cold runs`);
  for (const target of targets)
    console.log(line(target.name === 'baseline' ? 'baseline (ref)' : target.name, samples.get(target.name)!));
} finally {
  backend.kill();
  await Promise.all([app.server.close(), baseline.server.close(), compare?.server.close()]);
}
process.exit(0);
