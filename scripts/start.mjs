// `npm start`: builds the app, then serves the production build on http://localhost:4173
// together with the embedded local backend on http://127.0.0.1:54321.
// `--e2e` gives the backend a throw-away data directory so test runs start clean.
import { run, runToEnd, startBackend, stopAll, waitForBackend } from './procs.mjs';

const e2e = process.argv.includes('--e2e');
const backend = await startBackend({ memory: e2e });
const buildCode = await runToEnd('npx', ['vite', 'build', '--logLevel', e2e ? 'warn' : 'info']);
if (buildCode !== 0) {
  stopAll();
  process.exit(buildCode);
}
if (backend) await waitForBackend();
// Demo artist + fans through the backend's APIs (idempotent); BUCKET_SEED=0 skips it.
if (process.env.BUCKET_SEED !== '0') await runToEnd('npx', ['tsx', 'scripts/seed/cli.ts']);
const preview = run('npx', ['vite', 'preview', '--port', '4173', '--strictPort', '--host', 'localhost']);
console.log('[bucket] app: http://localhost:4173');
for (const child of [preview, backend].filter(Boolean)) {
  child.on('exit', (code) => {
    stopAll();
    process.exit(code ?? 0);
  });
}
