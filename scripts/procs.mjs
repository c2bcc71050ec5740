// Small process helpers shared by start/dev/test scripts: spawn children, stop them all on exit.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';

const children = new Set();

export function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', shell: false, ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export function runToEnd(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = run(command, args, options);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function stopAll(signal = 'SIGTERM') {
  for (const child of children) child.kill(signal);
}

export function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts the embedded local backend on :54321 unless one is already listening. */
export async function startBackend({ memory = false } = {}) {
  if (await portInUse(54321)) {
    console.log('[bucket] local backend already running on http://127.0.0.1:54321');
    return null;
  }
  if (!existsSync('supabase/local/cli.ts')) {
    console.warn('[bucket] supabase/local/cli.ts not found: starting without the local backend');
    return null;
  }
  // A throw-away data directory gives test runs a clean database. Test runs reach the backend
  // from one address (127.0.0.1), so they also lift the per-IP auth rate limits
  // (supabase/local/README.md, "Rate limits"); per-account limits stay on.
  const env = memory
    ? {
        ...process.env,
        BUCKET_BACKEND_DATA: mkdtempSync(join(tmpdir(), 'bucket-backend-')),
        BUCKET_AUTH_RATE_LIMITS: 'harness',
      }
    : process.env;
  return run('npx', ['tsx', 'supabase/local/cli.ts'], { env });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll(signal);
    setTimeout(() => process.exit(130), 3000).unref();
  });
}
process.on('exit', () => stopAll());

/** Resolves once the local backend answers, or rejects after `timeoutMs`. */
export async function waitForBackend(timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      // Any HTTP answer means it is listening (without an apikey it answers 401).
      await fetch('http://127.0.0.1:54321/auth/v1/settings');
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The local backend did not start within 3 minutes.');
}
