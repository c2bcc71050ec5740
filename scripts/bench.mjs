// `npm run bench`: size budget first, then the backend, sync, upload and browser benchmarks.
// Every benchmark prints ratios against a baseline measured in the same run (machines are noisy).
// Options:
//   --no-build      reuse dist/ (built for the backend on BENCH_BACKEND_PORT, default 54321)
//   --smoke         each bench once at its smallest sizes (BENCH_SMOKE=1), figures not judged:
//                   proves every bench still runs (npm test runs this)
//   --reuse-build   with --smoke: reuse dist/ (e.g. the e2e step's, built for :54321) when :54321
//                   is free, else build as usual
//   --report=file   write `{ benches: [{ name, ok, seconds }] }` there (npm test counts them)
//   --only=a,b      only the benches whose file names start with these (e.g. --only=sync,upload)
// Without --no-build the app is built for a backend on a free port (VITE_SUPABASE_URL), so the
// first-screen and Lighthouse benches never need :54321 (which `npm start` and e2e runs use).
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { portInUse } from './procs.mjs';

const tsx = 'node_modules/.bin/tsx';
const entries = [
  ['size', ['node', 'tests/bench/size.bench.mjs']],
  ['backend', [tsx, 'tests/bench/backend.bench.ts']],
  ['realtime (raw delivery)', [tsx, 'tests/bench/realtime.bench.ts']],
  ['sync and directory at scale (real PostgreSQL)', [tsx, 'tests/bench/scale-postgres.bench.ts']],
  ['daily rewards at scale (real PostgreSQL)', [tsx, 'tests/bench/rewards-scale-postgres.bench.ts']],
  ['sync', [tsx, 'tests/bench/sync.bench.ts']],
  ['sync (chromium)', [tsx, 'tests/bench/sync-browser.bench.ts']],
  ['upload', [tsx, 'tests/bench/upload.bench.ts']],
  ['live sync', [tsx, 'tests/bench/live-sync.bench.ts']],
  ['live fan-out within the Realtime quota', [tsx, 'tests/bench/live-fanout-quota.bench.ts']],
  ['live sync (chromium)', [tsx, 'tests/bench/live-sync-browser.bench.ts']],
  ['first screenful after sign-in (chromium)', [tsx, 'tests/bench/first-screen.bench.ts']],
  ['lighthouse (mobile)', [tsx, 'tests/bench/lighthouse.bench.ts']],
];

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const reportFile = args.find((a) => a.startsWith('--report='))?.slice('--report='.length);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
// A hung bench must not hang CI: smoke runs take seconds, full rounds up to an hour (Lighthouse).
const TIMEOUT_MS = (smoke ? 6 : 120) * 60_000;

const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child, signal);
    process.exit(130);
  });
}
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Runs a command in its own process group (so a timeout stops its children too); resolves its exit code. */
function runBench(command, commandArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit', env, detached: true });
    running.add(child);
    const timer = setTimeout(() => {
      console.error(`bench timed out after ${TIMEOUT_MS / 60_000} min: ${commandArgs.join(' ')}`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
    }, TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const env = { ...process.env, ...(smoke ? { BENCH_SMOKE: '1' } : {}) };
const results = [];
let build = !args.includes('--no-build');
if (build && smoke && args.includes('--reuse-build') && existsSync('dist/index.html') && !(await portInUse(54321))) {
  build = false;
  env.BENCH_BACKEND_PORT = '54321';
}
if (build) {
  const port = env.BENCH_BACKEND_PORT ?? String(await freePort());
  env.BENCH_BACKEND_PORT = port;
  const started = Date.now();
  const code = await runBench('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], {
    ...env,
    VITE_SUPABASE_URL: `http://127.0.0.1:${port}`,
  });
  console.log(`built dist/ for a backend on :${port} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (code !== 0) {
    results.push({ name: 'build', ok: false, seconds: Math.round((Date.now() - started) / 1000) });
    finish();
  }
}

for (const [name, [command, ...commandArgs]] of entries) {
  const script = commandArgs.at(-1);
  if (!existsSync(script)) continue;
  if (only && !only.some((prefix) => script.split('/').pop().startsWith(prefix))) continue;
  console.log(`\n== bench${smoke ? ' (smoke)' : ''}: ${name}`);
  const started = Date.now();
  const code = await runBench(command, commandArgs, env);
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ name, ok: code === 0, seconds });
  console.log(`== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s`);
}
finish();

function finish() {
  const failed = results.filter((r) => !r.ok);
  if (reportFile) writeFileSync(reportFile, JSON.stringify({ smoke, benches: results }, null, 2));
  console.log(
    `\nbenches: ${results.length - failed.length} ran to the end, ${failed.length} failed` +
      (failed.length ? ` (${failed.map((r) => r.name).join(', ')})` : ''),
  );
  process.exit(failed.length ? 1 : 0);
}
