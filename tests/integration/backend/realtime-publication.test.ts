/**
 * The `supabase_realtime` publication derives from sync's registry (migration
 * 20261130600000_sync_publication): every table public.sync_tables marks pull is published, and no
 * published table carrying the sync columns (`_modified`, `_deleted`) is missing from the registry.
 * Checked on the local backend (PGlite) and on the hosted stand-in (Debian's PostgreSQL, migrations
 * applied by a non-superuser postgres, as hosted). Each then plants registry rows in a rolled-back
 * transaction: one added with the registry's trigger disabled (a row without the function) must
 * show as drift, so the check is not vacuous. Fails with an install hint when PostgreSQL is
 * missing, unless BUCKET_SKIP_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../supabase/local/db/database';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip } from '../helpers/real-postgres';
import { startHostedStandin, type HostedStandin } from '../helpers/hosted-standin';

const published = (table: string) => `exists (select 1 from pg_publication_tables p
  where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = ${table})`;
const hasColumn = (column: string) =>
  `exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = '${column}' and not a.attisdropped)`;

/** What breaks the rule, one `kind name` each ('none' when nothing does). */
const DRIFT_SQL = `
  select coalesce(string_agg(kind || ' ' || name, ',' order by kind, name), 'none') from (
    select 'unpublished' as kind, s.name::text as name
      from public.sync_tables s
      join pg_class c on c.relname = s.name and c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     where s.pull and not ${published('s.name')}
    union all
    select 'unregistered', c.relname::text
      from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and ${hasColumn('_modified')} and ${hasColumn('_deleted')} and ${published('c.relname')}
       and not exists (select 1 from public.sync_tables s where s.name = c.relname and s.pull)
  ) d`;

const PUBLISHED_SQL = `select string_agg(tablename, ',' order by tablename) from pg_publication_tables where pubname = 'supabase_realtime'`;

const syncTable = (name: string) =>
  `create table public.${name} (id text primary key, _modified timestamptz not null default now(), _deleted boolean not null default false);`;

/** Registry changes, each followed by the drift it must leave (run in order, in one transaction). */
const PLANTED: [step: string, drift: string][] = [
  // a new collection: its row alone publishes the table
  [
    `${syncTable('planted_notes')} insert into public.sync_tables (name, push, pull) values ('planted_notes', true, true);`,
    'none',
  ],
  // the same without the registry's function: the check sees it
  [
    `alter table public.sync_tables disable trigger sync_tables_publish; ${syncTable('planted_bare')}
     insert into public.sync_tables (name, push, pull) values ('planted_bare', false, true);
     alter table public.sync_tables enable trigger sync_tables_publish;`,
    'unpublished planted_bare',
  ],
  // a table published by hand outside the registry: the check sees it too
  [
    `${syncTable('planted_stray')} alter publication supabase_realtime add table public.planted_stray;`,
    'unpublished planted_bare,unregistered planted_stray',
  ],
  // any registry change runs the function: the missing table joins
  [
    `alter publication supabase_realtime drop table public.planted_stray; update public.sync_tables set pull = true where name = 'planted_bare';`,
    'none',
  ],
  // leaving the pulled collections leaves the publication (else: unregistered)
  [
    `delete from public.sync_tables where name = 'planted_notes'; update public.sync_tables set pull = false where name = 'planted_bare';`,
    'none',
  ],
];

const EXPECTED_PUBLISHED =
  'collab_offers,content_items,daily_rewards,developer_apps,locker_comments,locker_interactions,locker_items,media_ids,profiles,reward_claims,subscriptions';

describe('realtime publication on the local backend', () => {
  let local: Database;
  beforeAll(async () => {
    local = await Database.open();
  }, 120_000);
  afterAll(async () => {
    await local?.close();
  });

  const one = async (sql: string) => Object.values((await local.query(sql)).rows[0] ?? {})[0];

  it('holds the registry’s pulled tables, and no replicated table outside it', async () => {
    expect(await one(DRIFT_SQL)).toBe('none');
    expect(await one(PUBLISHED_SQL)).toBe(EXPECTED_PUBLISHED);
  });

  it('follows registry rows, and the check catches a row added without the function', async () => {
    const drifts = await local.asSuperuser(async (tx) => {
      const seen: string[] = [];
      for (const [step] of PLANTED) {
        await tx.exec(step);
        seen.push(String(Object.values((await tx.query(DRIFT_SQL)).rows[0] ?? {})[0]));
      }
      await tx.rollback();
      return seen;
    });
    expect(drifts).toEqual(PLANTED.map(([, drift]) => drift));
    expect(await one(PUBLISHED_SQL)).toBe(EXPECTED_PUBLISHED);
  });

  it('a signed-in user can neither write the registry (which would publish a table) nor run its functions', async () => {
    const attempts = [
      `insert into public.sync_tables (name, push, pull) values ('mediaid_grants', false, true)`,
      `update public.sync_tables set pull = false where name = 'profiles'`,
      `delete from public.sync_tables where name = 'profiles'`,
      `select private.sync_publication_ensure()`,
    ];
    const claims = { sub: '00000000-0000-4000-8000-00000000a77a', role: 'authenticated' };
    for (const sql of attempts) {
      await expect(local.asRole('authenticated', claims, (tx) => tx.query(sql)), sql).rejects.toThrow(
        /permission denied/,
      );
    }
    expect(await one(DRIFT_SQL)).toBe('none');
    expect(await one(PUBLISHED_SQL)).toBe(EXPECTED_PUBLISHED);
  });
});

const bin = findPostgresBin();
describe.skipIf(skip)('realtime publication on the hosted stand-in (postgres not a superuser)', () => {
  let pg: HostedStandin | undefined;
  beforeAll(async () => {
    if (!bin) throw new Error(MISSING_PG_HINT);
    pg = await startHostedStandin();
  }, 300_000);
  afterAll(() => {
    pg?.stop();
  });

  it('holds the registry’s pulled tables, follows registry rows written by postgres, and the check catches drift', () => {
    const psql = pg!.psql;
    expect(psql(`select pubowner::regrole from pg_publication where pubname = 'supabase_realtime'`)).toBe('postgres');
    expect(psql(DRIFT_SQL)).toBe('none');
    expect(psql(PUBLISHED_SQL)).toBe(EXPECTED_PUBLISHED);
    const script = PLANTED.map(([step]) => `${step}\n${DRIFT_SQL};`).join('\n');
    expect(psql(`begin;\n${script}\nrollback;`, 'postgres').split('\n')).toEqual(PLANTED.map(([, drift]) => drift));
    expect(psql(PUBLISHED_SQL)).toBe(EXPECTED_PUBLISHED);
    // the migration runs again without error or change
    psql(`select private.sync_publication_ensure();`, 'postgres');
    expect(psql(PUBLISHED_SQL)).toBe(EXPECTED_PUBLISHED);
  });

  it('leaves a FOR ALL TABLES publication alone', () => {
    const out = pg!.psql(`begin;
      drop publication supabase_realtime;
      create publication supabase_realtime for all tables;
      insert into public.sync_tables (name, push, pull) values ('profiles_copy', false, true);
      delete from public.sync_tables where name = 'profiles';
      select private.sync_publication_ensure();
      select puballtables from pg_publication where pubname = 'supabase_realtime';
      rollback;`);
    expect(out.split('\n').at(-1)).toBe('t');
  });
});
