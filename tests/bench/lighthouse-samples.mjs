#!/usr/bin/env node
// Diagnostic (not part of `npm run bench`): which code ran in each long main-thread task of a
// Lighthouse trace recorded with LH_SAMPLES=1 (tests/bench/lighthouse.bench.ts, LH_REPORTS=dir).
// Usage: node tests/bench/lighthouse-samples.mjs <page>-<run>.trace.json [min task ms, 15] [task start ms]
// For each task after the page's navigation: its start (ms from navigationStart) and length, the
// app function nearest each sample (the first frame outside the libraries' chunks) and the
// functions the samples were in. A profiling build (React's profiling bundle, unminified) gives
// readable names: see tests/bench/dashboard-trace.ts.
import { readFileSync } from 'node:fs';
const [file, minArg, filterAt] = process.argv.slice(2);
const MIN = Number(minArg ?? 15) * 1000;
const { traceEvents: ev } = JSON.parse(readFileSync(file, 'utf8'));
const nav = ev.filter((e) => e.name === 'navigationStart' && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''));
const n0 = nav[nav.length - 1];
const profiles = new Map();
for (const e of ev) {
  if (e.name === 'Profile' && e.pid === n0.pid)
    profiles.set(e.id, {
      tid: e.tid,
      start: e.args.data.startTime,
      nodes: new Map(),
      samples: [],
      t: e.args.data.startTime,
    });
}
for (const e of ev) {
  if (e.name !== 'ProfileChunk' || !profiles.has(e.id)) continue;
  const p = profiles.get(e.id);
  const cp = e.args.data.cpuProfile ?? {};
  for (const n of cp.nodes ?? []) p.nodes.set(n.id, n);
  const deltas = e.args.data.timeDeltas ?? [];
  (cp.samples ?? []).forEach((s, i) => {
    p.t += deltas[i] ?? 0;
    p.samples.push([p.t, s]);
  });
}
const prof = [...profiles.values()].find((p) => p.tid === n0.tid);
const label = (n) =>
  `${n.callFrame.functionName || '(anon)'} ${(n.callFrame.url || '').replace(/^.*\//, '').replace(/-[\w-]{8}\.js/, '')}:${(n.callFrame.lineNumber ?? 0) + 1}`;
const lib =
  /framework|mantine|rxjs|rx-storage|sync-|create-app-storage|supabase|import-wrapper|rolldown|^\(|utils-rxdb/;
const main = ev
  .filter((e) => e.pid === n0.pid && e.tid === n0.tid && e.name === 'RunTask' && e.ts > n0.ts && e.dur >= MIN)
  .sort((a, b) => a.ts - b.ts);
for (const t of main) {
  const at = (t.ts - n0.ts) / 1000;
  if (filterAt && Math.abs(at - Number(filterAt)) > 3) continue;
  const inside = prof.samples.filter(([ts]) => ts >= t.ts && ts <= t.ts + t.dur);
  const self = new Map(),
    app = new Map();
  for (const [, id] of inside) {
    const n = prof.nodes.get(id);
    self.set(label(n), (self.get(label(n)) ?? 0) + 1);
    const chain = [];
    for (let x = n; x; x = prof.nodes.get(x.parent)) chain.push(x);
    const a = chain.find(
      (x) => x.callFrame.url && !lib.test(x.callFrame.url.replace(/^.*\//, '')) && x.callFrame.functionName,
    );
    const k = a ? label(a) : '(lib only)';
    app.set(k, (app.get(k) ?? 0) + 1);
  }
  const fmt = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${v} ${k}`)
      .join(' | ');
  console.log(
    `task ${at.toFixed(0)} ${(t.dur / 1000).toFixed(1)} ms, ${inside.length} samples\n   app: ${fmt(app)}\n   self: ${fmt(self)}`,
  );
}
