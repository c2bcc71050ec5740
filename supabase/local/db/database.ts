/**
 * PGlite database: boot, platform bootstrap, migrations, seed, and role-scoped transactions.
 * Invariants: PGlite has a single connection, so every statement goes through its internal
 * mutex (transaction()/query() are serialised); every API request runs in ONE transaction
 * with `role` and `request.jwt.claims` set LOCAL (never leaks to the next request);
 * migrations apply in file-name order exactly once (recorded in supabase_migrations);
 * the seed runs once per database.
 */
import { readFileSync, readdirSync, existsSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ApiRole } from '../auth/jwt';

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

export class Database {
  private constructor(readonly pg: PGlite) {}

  static async open(dataDir?: string): Promise<Database> {
    if (dataDir && !existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
    const pg = dataDir ? new PGlite(dataDir) : new PGlite();
    await pg.waitReady;
    const db = new Database(pg);
    await db.bootstrap();
    return db;
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

  /** Runs `fn` in one transaction as `role` with the JWT claims visible to RLS. */
  asRole<T>(role: ApiRole, claims: Record<string, unknown>, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) => {
      await tx.query(
        "select set_config('request.jwt.claims', $1, true), set_config('role', $2, true), set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $2, true)",
        [JSON.stringify(claims), role, typeof claims.sub === 'string' ? claims.sub : ''],
      );
      return fn(tx);
    });
  }

  /** Superuser transaction (auth internals, tests). */
  asSuperuser<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.pg.transaction(fn);
  }

  async query<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<{ rows: R[] }> {
    const r = await this.pg.query<R>(sql, params);
    return { rows: r.rows };
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}
