/**
 * A throwaway real PostgreSQL server for tests that the embedded backend cannot answer (real
 * concurrency, portability): Debian's postgresql package, a cluster in a temp dir on a free port,
 * Unix socket only, fsync off. `BUCKET_SKIP_PG=1` skips; a missing install fails with a hint.
 * Invariants: callers `stop()` what they start; SQL runs through `psql` as the bootstrap superuser
 * (`postgres` unless `superuser` names another, as hosted Supabase's `supabase_admin`) or as `user`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export const SKIP_REAL_PG = process.env.BUCKET_SKIP_PG === '1';
export const MISSING_PG_HINT =
  'PostgreSQL is not installed: run `apt-get install -y postgresql` (or set BUCKET_SKIP_PG=1 to skip)';

/** The newest installed PostgreSQL's bin directory, if any. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function asPostgres(cmd: string, args: string[]): string {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface RealPostgres {
  readonly dir: string;
  readonly port: number;
  /** Runs SQL through psql (ON_ERROR_STOP) as `user` (default: the superuser); returns unaligned tuples-only output, trimmed. */
  psql(sql: string, user?: string): string;
  /** The same on its own connection, without blocking the event loop (for concurrent clients). */
  psqlAsync(sql: string, user?: string): Promise<{ status: number | null; stdout: string; stderr: string }>;
  stop(): void;
}

/** Starts a fresh cluster; throws MISSING_PG_HINT when PostgreSQL is not installed. */
export async function startRealPostgres({ superuser = 'postgres' }: { superuser?: string } = {}): Promise<RealPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(MISSING_PG_HINT);
  const dir = mkdtempSync(join(tmpdir(), 'bucket-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', superuser, '--no-sync', '-E', 'UTF8']);
    asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off`, 'start']);
    started = true;
  } catch (e) {
    stop();
    throw e;
  }
  const sqlFile = (sql: string, user = superuser) => {
    const file = join(dir, `q-${randomUUID()}.sql`);
    writeFileSync(file, sql);
    chmodSync(file, 0o644);
    return ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-h', dir, '-p', String(port), '-U', user, '-d', 'postgres', '-f', file];
  };
  return {
    dir,
    port,
    psql(sql, user) {
      const r = spawnSync(join(bin, 'psql'), sqlFile(sql, user), { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`psql failed (${r.status}): ${r.stderr}`);
      return r.stdout.trim();
    },
    psqlAsync(sql, user) {
      return new Promise((resolve, reject) => {
        const child = spawn(join(bin, 'psql'), sqlFile(sql, user), { stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
        child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
        child.once('error', reject);
        child.once('close', (status) => resolve({ status, stdout: stdout.trim(), stderr }));
      });
    },
    stop,
  };
}
