/**
 * supabase/schemas/ and supabase/migrations/ say the same thing, on Debian's PostgreSQL: every
 * function, view and policy our migrations create is stated by a file, every file's object is
 * created by the migrations, with the same definition once PostgreSQL has normalised both
 * (scripts/sql-schemas.ts). A schema edit without its migration (`npm run db:diff`) fails here,
 * naming the object. Also the house rule of docs/architecture.md: every security-definer
 * function of ours resolves names itself (search_path '').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip } from '../helpers/real-postgres';
import { compareWithSchemas, startMigrated, type Comparison, type Migrated } from '../../../scripts/sql-schemas';

const bin = findPostgresBin();
let db: Migrated | undefined;
let diff: Comparison;

beforeAll(async () => {
  if (skip) return;
  if (!bin) throw new Error(MISSING_PG_HINT);
  db = await startMigrated();
  diff = await compareWithSchemas(db);
});

afterAll(() => db?.stop());

describe.skipIf(skip)('supabase/schemas agrees with the migrations', () => {
  it('reads a real set of objects (the comparison is not vacuous)', () => {
    const kinds = new Set([...db!.ours.values()].map((o) => o.kind));
    expect(kinds).toEqual(new Set(['functions', 'views', 'policies']));
    expect(db!.ours.has('functions:public.sync_pull(text,jsonb,integer)')).toBe(true);
  });

  it('every object the migrations create has its file', () => {
    expect(diff.missing.map((o) => `${o.key} (expected in supabase/schemas/${o.file})`)).toEqual([]);
  });

  it('every file states its objects as the migrations leave them (else: npm run db:diff -- <name>)', () => {
    expect(diff.changed.map((o) => `${o.isNew ? 'not created by any migration' : 'differs'}: ${o.key}`)).toEqual([]);
  });

  it("every security-definer function of ours has search_path ''", () => {
    const definers = [...db!.ours.values()].filter((o) => o.securityDefiner);
    expect(definers.length).toBeGreaterThan(0);
    expect(definers.filter((o) => o.searchPath !== 'search_path=""').map((o) => `${o.key}: ${o.searchPath}`)).toEqual(
      [],
    );
  });
});
