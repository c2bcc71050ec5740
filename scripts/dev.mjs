// `npm run dev`: the Vite dev server on http://localhost:5173 plus the local backend.
import { run, startBackend, stopAll } from './procs.mjs';

await startBackend();
const vite = run('npx', ['vite', ...process.argv.slice(2)]);
vite.on('exit', (code) => {
  stopAll();
  process.exit(code ?? 0);
});
