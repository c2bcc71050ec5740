/**
 * PGlite database: boot, platform bootstrap, migrations, seed, and role-scoped transactions.
 * Invariants: PGlite has a single connection; after boot every use of it goes through the
 * FairScheduler (bounded, round-robin per caller, a nested call fails instead of waiting for
 * itself); every API request runs in ONE transaction with `role` and `request.jwt.claims` set
 * LOCAL (never leaks to the next request); an API role's transaction has a time budget like
 * hosted Supabase's statement_timeout (anon 3 s, authenticated 8 s): past it, the next
 * statement boundary answers SQLSTATE 57014 and the transaction rolls back (PGlite runs a
 * single statement to its end — WASM cannot be interrupted — so the budget is checked before
 * and after every statement); migrations apply in file-name order exactly once (recorded in
 * supabase_migrations); the seed runs once per database.
 */
import { readFileSync, readdirSync, existsSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ApiRole } from '../auth/jwt';
import { FairScheduler, clientGone, requestContext, type RequestContext, type SchedulerLimits } from './scheduler';

const here = dirname(fileURLToPath(import.meta.url));
export const SUPABASE_DIR = join(here, '..', '..');
export const PLATFORM_SQL_PATH = join(here, 'platform.sql');
export const MIGRATIONS_DIR = join(SUPABASE_DIR, 'migrations');
export const SEED_PATH = join(SUPABASE_DIR, 'seed.sql');

export type Tx = Transaction;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const m = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version: m[1]!, name: m[2]!, sql: readFileSync(join(dir, f), 'utf8') };
    });
}

/** Hosted Supabase's per-role statement_timeout (anon 3 s, authenticated 8 s; others none). */
export const STATEMENT_TIMEOUT_MS: Partial<Record<ApiRole, number>> = { anon: 3000, authenticated: 8000 };

/** Transactions slower than this look for a departed client before they commit. */
const SLOW_TX_MS = 100;

export interface TxOptions {
  /** overrides the role's statement timeout (ms); 0 = none */
  timeoutMs?: number;
}

/** A pg-shaped error, so every API maps it like a real Postgres error. */
export class StatementTimeoutError extends Error {
  readonly code = '57014';
  readonly detail = null;
  readonly hint = null;
  constructor(reason: 'timeout' | 'client-gone') {
    // the same two messages Postgres uses for 57014
    super(
      reason === 'timeout' ? 'canceling statement due to statement timeout' : 'canceling statement due to user request',
    );
  }
}

/** Wraps a transaction so each statement first and afterwards checks the time budget. */
function budgeted(tx: Tx, deadline: number, ctx: RequestContext | undefined): Tx {
  const check = (): void => {
    if (Date.now() > deadline) throw new StatementTimeoutError('timeout');
    if (clientGone(ctx)) throw new StatementTimeoutError('client-gone'); // nobody reads the answer: roll back
  };
  const wrap =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      check();
      const r = await f(...a);
      check();
      return r;
    };
  return {
    query: wrap(tx.query.bind(tx)) as Tx['query'],
    sql: wrap(tx.sql.bind(tx)) as Tx['sql'],
    exec: wrap(tx.exec.bind(tx)),
    rollback: () => tx.rollback(),
    listen: tx.listen.bind(tx),
    get closed() {
      return tx.closed;
    },
  };
}

export class Database {
  readonly scheduler: FairScheduler;
  private constructor(
    readonly pg: PGlite,
    limits?: SchedulerLimits,
  ) {
    this.scheduler = new FairScheduler(limits);
  }

  /**
   * `snapshot`: a data directory dumped by PGlite's `dumpDataDir` to start from (tests start every
   * backend from one migrated database); whatever platform SQL, migration or seed it lacks still
   * applies on top, exactly once.
   */
  static async open(dataDir?: string, limits?: SchedulerLimits, snapshot?: Blob): Promise<Database> {
    if (dataDir && !existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
    const pg = new PGlite({ dataDir, loadDataDir: snapshot });
    await pg.waitReady;
    const db = new Database(pg, limits);
    await db.bootstrap();
    return db;
  }

  /** A dump of the whole data directory (gzip), for `open(…, snapshot)`. */
  dump(): Promise<Blob> {
    return this.pg.dumpDataDir('gzip');
  }

  private async bootstrap(): Promise<void> {
    await this.pg.exec(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
    const done = new Set(
      (await this.pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    for (const m of listMigrations()) {
      if (done.has(m.version)) continue;
      await this.pg.transaction(async (tx) => {
        try {
          await tx.exec(m.sql);
        } catch (e) {
          throw new Error(`migration ${m.version}_${m.name} failed: ${(e as Error).message}`);
        }
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          m.version,
          m.name,
        ]);
      });
    }
    if (existsSync(SEED_PATH)) {
      const sql = readFileSync(SEED_PATH, 'utf8');
      const seeded = await this.pg.query('select 1 from supabase_migrations.seed_files where path = $1', ['seed.sql']);
      if (seeded.rows.length === 0) {
        await this.pg.transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
            'seed.sql',
            createHash('sha256').update(sql).digest('hex'),
          ]);
        });
      }
    }
  }

  /**
   * Runs `fn` in one transaction as `role` with the JWT claims visible to RLS, within the
   * role's statement timeout. Queued fairly behind other callers (see FairScheduler).
   */
  asRole<T>(
    role: ApiRole,
    claims: Record<string, unknown>,
    fn: (tx: Tx) => Promise<T>,
    opts: TxOptions = {},
  ): Promise<T> {
    const timeoutMs = opts.timeoutMs ?? STATEMENT_TIMEOUT_MS[role] ?? 0;
    const ctx = requestContext.getStore();
    return this.scheduler.run(() =>
      this.pg.transaction(async (raw) => {
        const started = Date.now();
        const tx = timeoutMs > 0 || ctx ? budgeted(raw, timeoutMs > 0 ? started + timeoutMs : Infinity, ctx) : raw;
        await tx.query(
          "select set_config('request.jwt.claims', $1, true), set_config('role', $2, true), set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $2, true)",
          [JSON.stringify(claims), role, typeof claims.sub === 'string' ? claims.sub : ''],
        );
        const result = await fn(tx);
        if (tx !== raw && Date.now() - started > SLOW_TX_MS) {
          // A statement blocks the event loop, so a client that left meanwhile is only seen
          // once the loop polls its socket: give it one poll phase, then check before COMMIT.
          await new Promise((r) => setImmediate(r));
          await new Promise((r) => setImmediate(r));
          await tx.query('select 1');
        }
        return result;
      }),
    );
  }

  /** Superuser transaction (auth internals, tests). */
  asSuperuser<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.scheduler.run(() => this.pg.transaction(fn));
  }

  async query<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<{ rows: R[] }> {
    const r = await this.scheduler.run(() => this.pg.query<R>(sql, params));
    return { rows: r.rows };
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}
