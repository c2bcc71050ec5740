// `npm run bench`: size budget first, then the backend, sync and upload benchmarks when present.
// Every benchmark prints ratios against a baseline measured in the same run (machines are noisy).
import { existsSync } from 'node:fs';
import { runToEnd } from './procs.mjs';

const entries = [
  ['size', ['node', 'tests/bench/size.bench.mjs']],
  ['backend', ['npx', 'tsx', 'tests/bench/backend.bench.ts']],
  ['realtime (raw delivery)', ['npx', 'tsx', 'tests/bench/realtime.bench.ts']],
  ['sync and directory at scale (real PostgreSQL)', ['npx', 'tsx', 'tests/bench/scale-postgres.bench.ts']],
  ['sync', ['npx', 'tsx', 'tests/bench/sync.bench.ts']],
  ['sync (chromium)', ['npx', 'tsx', 'tests/bench/sync-browser.bench.ts']],
  ['upload', ['npx', 'tsx', 'tests/bench/upload.bench.ts']],
  ['live sync', ['npx', 'tsx', 'tests/bench/live-sync.bench.ts']],
  ['live sync (chromium)', ['npx', 'tsx', 'tests/bench/live-sync-browser.bench.ts']],
  ['first screenful after sign-in (chromium)', ['npx', 'tsx', 'tests/bench/first-screen.bench.ts']],
  ['lighthouse (mobile)', ['npx', 'tsx', 'tests/bench/lighthouse.bench.ts']],
];

if (!process.argv.includes('--no-build')) {
  const code = await runToEnd('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
let failed = 0;
for (const [name, [command, ...args]] of entries) {
  const script = args.at(-1);
  if (!existsSync(script)) continue;
  console.log(`\n== bench: ${name}`);
  if ((await runToEnd(command, args)) !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
