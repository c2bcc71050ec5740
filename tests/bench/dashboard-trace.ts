/**
 * Diagnostic (not part of `npm run bench`): where `/dashboard/fan`'s main-thread time goes, the
 * Lighthouse "Total Blocking Time" in particular. Loads the production build for a fan seeded
 * through the backend's APIs, in a fresh Chromium profile with the session stored (a new device),
 * or, with DT_RETURNING=1, after two earlier visits (service worker installed, database synced,
 * code cached: the Lighthouse bench's `#returning` page). Records a Chrome trace and prints
 * - the first contentful paint and every largest-contentful-paint candidate (element, text);
 * - each main-thread task of at least DT_MIN ms (default 12) after navigation, with the trace
 *   events that took most of its time (self time: script URL, style, layout, GC, microtasks…);
 * - a TBT proxy: Σ max(0, 4 × task − 50 ms) over tasks after the first paint, i.e. what
 *   Lighthouse's 4× CPU simulation would count (at 1×, unthrottled here; use medians of DT_RUNS),
 *   and the same sum from navigation (comparable across builds whose first paint moved).
 * React's own tracks (Scheduler ⚛: Blocking / Transition renders) are in the trace when the build
 * uses React's profiling build: `vite build --outDir .tmp/dist-prof --minify false` with
 * `resolve.alias` `react-dom/client` → `react-dom/profiling`; DT_REACT=1 prints them.
 * Fixed ports (backend :54321 as the build expects, app :4173): run it inside a network namespace.
 * DT_UPDATES=1 prints `window.__updates` if the build records them: a scratch copy of the profiling
 * build whose `scheduleUpdateOnFiber` pushes { t, lane, chain (component names), stack } for
 * blocking lanes finds which component's update made a blocking render (not committed: edit the
 * copy's framework chunk by hand).
 * Layout shifts are printed with the elements that moved. DT_CPU=4 slows the CPU as Lighthouse's
 * mobile preset assumes (CDP throttling, for real).
 * Env: DT_DIST (default dist), DT_RUNS (1), DT_MIN (12), DT_RETURNING, DT_REACT, DT_UPDATES, DT_CPU, DT_MOBILE, DT_SHOT (path
 * prefix of a full-page screenshot at the end), DT_WAIT (ms
 * traced after navigation, 6000).
 */
import { chromium } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from 'vite';
import { HARNESS_RATE_LIMITS, startLocalBackend } from '../../supabase/local/index';
import { seedFan } from './seed-fan';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> & { url?: string; functionName?: string } };
}

const MIN_MS = Number(process.env.DT_MIN ?? 12);
const ORIGIN = 'http://127.0.0.1:4173';
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading'];

/** Self time per event label inside one task (time not covered by a nested event). */
function breakdown(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
  const self = new Map<string, number>();
  for (const event of inside) {
    const nested = inside.filter(
      (c) => c !== event && c.ts >= event.ts && c.ts + (c.dur ?? 0) <= event.ts + (event.dur ?? 0),
    );
    const direct = nested.filter(
      (c) => !nested.some((d) => d !== c && c.ts >= d.ts && c.ts + (c.dur ?? 0) <= d.ts + (d.dur ?? 0)),
    );
    const covered = direct.reduce((sum, c) => sum + (c.dur ?? 0), 0);
    const data = event.args?.data;
    const label = `${event.name}${data?.url ? ` ${String(data.url).replace(/^.*\//, '')}` : ''}`;
    self.set(label, (self.get(label) ?? 0) + Math.max(0, (event.dur ?? 0) - covered));
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([label, us]) => `${(us / 1000).toFixed(1)} ${label}`)
    .join(' | ');
}

const backend = await startLocalBackend({ port: 54321, quiet: true, rateLimits: HARNESS_RATE_LIMITS });
const server = await preview({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: { outDir: process.env.DT_DIST ?? 'dist' },
  preview: { port: 4173, host: '127.0.0.1' },
});
try {
  const session = await seedFan(backend.url, 'bucket-auth');

  for (let run = 0; run < Number(process.env.DT_RUNS ?? 1); run += 1) {
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'dashboard-trace-')), {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      viewport: { width: 412, height: 823 },
      // DT_MOBILE=1: a phone as Lighthouse's mobile preset emulates one (touch, device pixel ratio 1.75).
      ...(process.env.DT_MOBILE ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 } : {}),
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${ORIGIN}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('bucket-auth', value), session);
    if (process.env.DT_RETURNING) {
      for (let visit = 0; visit < 2; visit += 1) {
        await page.goto(`${ORIGIN}/dashboard/fan`);
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        // the locker drawn from the synced database: a drop, or the empty locker (the bench fan has none)
        await page.waitForSelector('[aria-roledescription="slide"], [data-testid="locker-empty"]', { timeout: 60_000 });
        await page.waitForTimeout(3_000);
      }
      await page.goto(`${ORIGIN}/robots.txt`);
    }
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __paints: string[] }).__paints = log;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element; size?: number })[]) {
          const text = (entry.element?.textContent ?? '').slice(0, 40);
          log.push(
            `${Math.round(entry.startTime)} ms LCP candidate ${entry.element?.tagName} "${text}" (${entry.size})`,
          );
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) log.push(`${Math.round(entry.startTime)} ms ${entry.name}`);
      }).observe({ type: 'paint', buffered: true });
      // Each layout shift with the elements that moved (what Lighthouse's CLS counts).
      const describe = (node: Node | null) => {
        if (!(node instanceof Element)) return String(node?.nodeName);
        const label = node.getAttribute('aria-label') ?? node.getAttribute('data-testid') ?? '';
        return `${node.tagName}.${[...node.classList].slice(0, 2).join('.')}${label ? `[${label}]` : ''} "${(node.textContent ?? '').slice(0, 30)}"`;
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          const moved = entry.sources.map(
            (s) =>
              `${describe(s.node)} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} (h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)})`,
          );
          log.push(`${Math.round(entry.startTime)} ms layout shift ${entry.value.toFixed(4)}: ${moved.join('; ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    // DT_CPU=4: Lighthouse's mobile CPU slowdown, applied for real (its simulation only multiplies).
    if (process.env.DT_CPU) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.DT_CPU) });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } });
    await page.goto(`${ORIGIN}/dashboard/fan`);
    await page.waitForTimeout(Number(process.env.DT_WAIT ?? 6_000));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    const paints = await page.evaluate(() => (window as unknown as { __paints: string[] }).__paints);
    if (process.env.DT_SHOT) await page.screenshot({ path: `${process.env.DT_SHOT}-${run + 1}.png`, fullPage: true });
    if (process.env.DT_UPDATES) {
      const updates = await page.evaluate(() => (window as unknown as { __updates?: unknown[] }).__updates ?? []);
      for (const u of updates as { t: number; lane: number; chain: string; stack: string }[])
        console.log(`  update ${u.t} lane ${u.lane} ${u.chain}\n      ${u.stack}`);
    }
    await context.close();

    const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
    const fcpLine = paints.find((line) => line.endsWith('first-contentful-paint'));
    if (!fcpEvent || !fcpLine) throw new Error('no first contentful paint in the trace');
    const t0 = fcpEvent.ts - Number.parseInt(fcpLine, 10) * 1000; // the page's time origin, in trace µs
    const thread = events.find(
      (e) => e.pid === fcpEvent.pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
    )?.tid;
    const main = events
      .filter((e) => e.pid === fcpEvent.pid && e.tid === thread && e.ph === 'X' && e.ts >= t0)
      .sort((a, b) => a.ts - b.ts);
    console.log(`run ${run + 1}${process.env.DT_RETURNING ? ' (returning device)' : ' (new device)'}`);
    for (const line of paints) console.log(`  ${line}`);
    let tbt = 0;
    let blocking = 0;
    for (const task of main.filter((e) => e.name === 'RunTask')) {
      const start = (task.ts - t0) / 1000;
      const ms = (task.dur ?? 0) / 1000;
      blocking += Math.max(0, 4 * ms - 50);
      if (start >= (fcpEvent.ts - t0) / 1000) tbt += Math.max(0, 4 * ms - 50);
      if (ms >= MIN_MS)
        console.log(
          `  task at ${start.toFixed(0).padStart(5)} ms, ${ms.toFixed(1).padStart(5)} ms: ${breakdown(task, main)}`,
        );
    }
    // Lighthouse counts from the first paint, so a paint made earlier counts more of the same work:
    // the second figure (from navigation) compares the main thread's work across builds.
    console.log(
      `  TBT proxy (4× the tasks after the first paint): ${tbt.toFixed(0)} ms; from navigation: ${blocking.toFixed(0)} ms`,
    );
    if (process.env.DT_REACT) {
      for (const event of events.filter((e) => e.name === 'TimeStamp')) {
        const data = event.args?.data as {
          trackGroup?: string;
          track?: string;
          message?: string;
          start?: number;
          end?: number;
        };
        if (data?.trackGroup !== 'Scheduler ⚛' || data.start === undefined || data.end === undefined) continue;
        const ms = (data.end - data.start) / 1000;
        if (ms >= MIN_MS / 2)
          console.log(
            `  react ${((data.start - t0) / 1000).toFixed(0).padStart(5)} ms, ${ms.toFixed(1)} ms: ${data.track} ${data.message}`,
          );
      }
    }
  }
} finally {
  server.httpServer.close();
  await backend.stop();
}
process.exit(0);
