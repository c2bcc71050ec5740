// `npm test`: unit + integration (Vitest), e2e (Playwright in Debian's Chromium), then every
// benchmark once in smoke mode (`npm run bench -- --smoke`: smallest sizes, figures not judged;
// each bench counts as one test, so a change that breaks a bench fails CI).
// Prints one summary line at the end: `tests: N passed, M failed` (CI reads it).
// Options: --no-e2e, --only-e2e, --no-bench, --only-bench; extra args after `--` go to both runners' filters.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { runToEnd } from './procs.mjs';

const args = process.argv.slice(2);
const onlyBench = args.includes('--only-bench');
const runVitest = !args.includes('--only-e2e') && !onlyBench;
const runE2e = !args.includes('--no-e2e') && !onlyBench;
const runBench = (!args.includes('--no-bench') && !args.includes('--only-e2e')) || onlyBench;
mkdirSync('.tmp', { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const suites = [];
/** Names of the failed tests, printed again at the end (CI shows only the output's tail). */
const failures = [];
const started = Date.now();
/** Wall time since `from`, e.g. `9 min 12 s`. */
const took = (from) => {
  const seconds = Math.round((Date.now() - from) / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (runVitest) {
  const report = '.tmp/vitest.json';
  rmSync(report, { force: true });
  const vitestStarted = Date.now();
  const code = await runToEnd('npx', [
    'vitest',
    'run',
    '--project',
    'unit',
    '--project',
    'integration',
    '--project',
    'integration-serial',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const json = readJson(report);
  const passed = json?.numPassedTests ?? 0;
  // A crash before any report counts as one failure so CI never goes green by accident.
  const failed = json ? json.numFailedTests + (code !== 0 && json.numFailedTests === 0 ? 1 : 0) : 1;
  const skipped = (json?.numPendingTests ?? 0) + (json?.numTodoTests ?? 0);
  for (const file of json?.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`vitest ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`vitest ${file.name.replace(`${process.cwd()}/`, '')}: ${(file.message ?? '').split('\n')[0]}`);
    }
  }
  suites.push(`vitest ${passed} passed, ${failed} failed, ${skipped} skipped (${took(vitestStarted)})`);
  Object.assign(totals, {
    passed: totals.passed + passed,
    failed: totals.failed + failed,
    skipped: totals.skipped + skipped,
  });
}

if (runE2e) {
  const report = '.tmp/playwright.json';
  rmSync(report, { force: true });
  const e2eStarted = Date.now();
  const code = await runToEnd('npx', ['playwright', 'test'], { env: { ...process.env, PW_JSON_REPORT: report } });
  const json = existsSync(report) ? readJson(report) : null;
  const passed = (json?.stats?.expected ?? 0) + (json?.stats?.flaky ?? 0);
  const failed = json ? json.stats.unexpected + (code !== 0 && json.stats.unexpected === 0 ? 1 : 0) : 1;
  const skipped = json?.stats?.skipped ?? 0;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failures.push(`e2e ${spec.file} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? [])
      visit(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of json?.suites ?? []) visit(suite, []);
  suites.push(`e2e ${passed} passed, ${failed} failed, ${skipped} skipped (${took(e2eStarted)})`);
  Object.assign(totals, {
    passed: totals.passed + passed,
    failed: totals.failed + failed,
    skipped: totals.skipped + skipped,
  });
}

if (runBench) {
  const report = '.tmp/bench-smoke.json';
  rmSync(report, { force: true });
  const benchStarted = Date.now();
  // After e2e, its build (for :54321) is reused when that port is free; otherwise one is made.
  const code = await runToEnd('node', [
    'scripts/bench.mjs',
    '--smoke',
    `--report=${report}`,
    ...(runE2e ? ['--reuse-build'] : []),
  ]);
  const benches = readJson(report)?.benches ?? [];
  const passed = benches.filter((b) => b.ok).length;
  const failed = benches.length - passed + (code !== 0 && passed === benches.length ? 1 : 0);
  for (const bench of benches.filter((b) => !b.ok)) failures.push(`bench ${bench.name ?? JSON.stringify(bench)}`);
  suites.push(`bench smoke ${passed} passed, ${failed} failed (${took(benchStarted)})`);
  Object.assign(totals, { passed: totals.passed + passed, failed: totals.failed + failed });
}

for (const line of suites) console.log(`  ${line}`);
if (failures.length > 0) console.log(`failed:\n${failures.map((line) => `  ✘ ${line}`).join('\n')}`);
console.log(`  npm test took ${took(started)}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
