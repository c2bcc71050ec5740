/**
 * `npm run backend`: the local Supabase on http://127.0.0.1:54321, data in .local/.
 * Invariants: prints the URL and the well-known keys once listening; SIGINT/SIGTERM stop
 * the server gracefully (in-flight requests finish, PGlite flushes) before exiting.
 */
import { startLocalBackend } from './index';

const port = Number(process.env.BUCKET_BACKEND_PORT ?? 54321);
const dataDir = process.env.BUCKET_BACKEND_DATA ?? '.local/db';
const started = Date.now();
const backend = await startLocalBackend({ port, dataDir });
console.log(`
Bucket local Supabase is running (${Date.now() - started} ms)
  API URL:          ${backend.url}
  REST:             ${backend.url}/rest/v1
  Auth:             ${backend.url}/auth/v1
  Storage:          ${backend.url}/storage/v1  (TUS: /storage/v1/upload/resumable)
  Inbox:            ${backend.url}/__local/inbox
  Data:             ${dataDir}
  JWT secret:       ${backend.jwtSecret}
  anon key:         ${backend.anonKey}
  service_role key: ${backend.serviceRoleKey}
`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${sig} received, stopping the local backend...`);
    backend.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
