/**
 * One migrated database per test run: the integration projects' globalSetup builds it once (an
 * in-memory local database with the platform SQL, every migration and the seed), dumps it, and
 * every backend a test starts loads that dump instead of running all migrations again.
 * Invariants: the file's name is the hash of everything that went into it (platform SQL,
 * migrations, seed, PGlite's version, today's date), so a changed migration can never be served from an old
 * dump; it is written under a temporary name and renamed, so a reader never sees half a file;
 * without the file (a bench, a single file run outside the projects) a backend migrates as before.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database, listMigrations, PLATFORM_SQL_PATH, SEED_PATH } from '../../../supabase/local/db/database';

function snapshotPath(): string {
  const hash = createHash('sha256');
  // the day too: SQL that reads the date (now(), current_date) is never served from another day's dump
  hash.update(`${new Date().toISOString().slice(0, 10)}\n`);
  // PGlite's own version: a dump is read back by the same Postgres build only
  hash.update(readFileSync(new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  hash.update(readFileSync(PLATFORM_SQL_PATH));
  for (const m of listMigrations()) hash.update(`${m.version}_${m.name}\n${m.sql}\n`);
  if (existsSync(SEED_PATH)) hash.update(readFileSync(SEED_PATH));
  return join(tmpdir(), `bucket-migrated-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** globalSetup: builds the dump unless this exact one exists already. */
export default async function buildMigratedSnapshot(): Promise<void> {
  const path = snapshotPath();
  if (existsSync(path)) return;
  const db = await Database.open();
  const dump = await db.dump();
  await db.pg.close();
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
}

let cached: Blob | null | undefined;

/** The migrated database's dump for this run, if globalSetup built it. */
export function migratedSnapshot(): Blob | undefined {
  if (cached === undefined) {
    const path = snapshotPath();
    cached = existsSync(path) ? new Blob([readFileSync(path)]) : null;
  }
  return cached ?? undefined;
}
