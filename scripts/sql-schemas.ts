/**
 * Declarative SQL (supabase/schemas/): the one place our functions, views and RLS policies live,
 * one file per object (every overload of a function in one file, every policy of a table in one).
 * Shared by `npm run db:schemas` (writes the files from a migrated database), `npm run db:diff`
 * (writes a migration for what the files change) and tests/integration/backend/schemas-agree.test.ts.
 *
 * Comparison lets PostgreSQL normalise both sides: the migrated database's objects are read back
 * as canonical statements (pg_get_functiondef, pg_get_viewdef, policies rebuilt from pg_policy),
 * then every schema file is applied on top inside a transaction that is rolled back, and the
 * objects are read again. A file defined an object when the object's catalog row was written by
 * that transaction (its xmin), so an object left out of the files is told apart from one restated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import pg from 'pg';
import { PLATFORM_SQL_PATH, SUPABASE_DIR } from '../supabase/local/db/database';
import { startMigratedPostgres } from '../tests/integration/sync/pull-postgres';
import type { RealPostgres } from '../tests/integration/helpers/real-postgres';

export const SCHEMAS_DIR = join(SUPABASE_DIR, 'schemas');
export const KINDS = ['functions', 'views', 'policies'] as const;
export type Kind = (typeof KINDS)[number];

/** One object as PostgreSQL states it: `sql` is its canonical statements (comment included). */
export interface SqlObject {
  kind: Kind;
  /** functions: schema.name(args); views: schema.name; policies: schema.table policy */
  key: string;
  /** Path under supabase/schemas/, e.g. functions/public.sync_pull.sql */
  file: string;
  sql: string;
  /** policies: the drop a migration runs before re-creating it */
  drop: string | null;
  /** functions and views with a comment: the statement that clears it */
  uncomment: string | null;
  securityDefiner: boolean;
  /** proconfig's search_path entry (functions), e.g. `search_path=""` */
  searchPath: string | null;
  /** written by the current transaction (only meaningful inside one) */
  touched: boolean;
}

// Run with search_path '' so every name in the output is schema-qualified, as hosted needs.
// Objects owned by extensions are the extension's, not ours.
const CATALOG_SQL = `
with fns as (
  select 'functions' as kind, p.oid::regprocedure::text as key, n.nspname || '.' || p.proname as base,
         rtrim(pg_get_functiondef(p.oid), E'\\n') || ';'
           || coalesce(E'\\n\\n' || format('comment on %s %s is ',
                case p.prokind when 'p' then 'procedure' else 'function' end, p.oid::regprocedure)
                || quote_literal(d.description) || ';', '') as sql,
         null::text as drop,
         case when d.description is not null then format('comment on %s %s is null',
           case p.prokind when 'p' then 'procedure' else 'function' end, p.oid::regprocedure) end as uncomment,
         p.prosecdef as definer,
         (select c from unnest(p.proconfig) c where c like 'search_path=%') as search_path,
         p.xmin = xid(pg_current_xact_id()) as touched
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  left join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass and d.objsubid = 0
  where p.prokind in ('f', 'p')
    and not exists (select 1 from pg_depend e where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')
), views as (
  select 'views', c.oid::regclass::text, c.oid::regclass::text,
         format('create or replace view %s%s as%s', c.oid::regclass,
                coalesce(' with (' || array_to_string(c.reloptions, ', ') || ')', ''), E'\\n')
           || rtrim(pg_get_viewdef(c.oid, true), E'\\n')
           || coalesce(E'\\n\\n' || format('comment on view %s is ', c.oid::regclass) || quote_literal(d.description) || ';', ''),
         null, case when d.description is not null then format('comment on view %s is null', c.oid::regclass) end,
         false, null,
         exists (select 1 from pg_rewrite r where r.ev_class = c.oid and r.xmin = xid(pg_current_xact_id()))
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  left join pg_description d on d.objoid = c.oid and d.classoid = 'pg_class'::regclass and d.objsubid = 0
  where c.relkind = 'v'
    and not exists (select 1 from pg_depend e where e.classid = 'pg_class'::regclass and e.objid = c.oid and e.deptype = 'e')
), pols as (
  select 'policies', pol.polrelid::regclass::text || ' ' || quote_ident(pol.polname), pol.polrelid::regclass::text,
         format('create policy %I on %s as %s for %s to %s', pol.polname, pol.polrelid::regclass,
                case when pol.polpermissive then 'permissive' else 'restrictive' end,
                case pol.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update'
                                when 'd' then 'delete' else 'all' end,
                (select string_agg(case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end, ', '
                                   order by case when r = 0 then 'public' else pg_get_userbyid(r)::text end)
                 from unnest(pol.polroles) r))
           || coalesce(E'\\n  using (' || pg_get_expr(pol.polqual, pol.polrelid) || ')', '')
           || coalesce(E'\\n  with check (' || pg_get_expr(pol.polwithcheck, pol.polrelid) || ')', '') || ';'
           || coalesce(E'\\n' || format('comment on policy %I on %s is ', pol.polname, pol.polrelid::regclass)
                       || quote_literal(d.description) || ';', ''),
         format('drop policy if exists %I on %s;', pol.polname, pol.polrelid::regclass), null, false, null,
         pol.xmin = xid(pg_current_xact_id())
  from pg_policy pol
  left join pg_description d on d.objoid = pol.oid and d.classoid = 'pg_policy'::regclass
)
select o.* from (select * from fns union all select * from views union all select * from pols) o
where split_part(o.base, '.', 1) not in ('pg_catalog', 'information_schema', 'pg_toast')
order by 1, 2`;

interface CatalogRow {
  kind: Kind;
  key: string;
  base: string;
  sql: string;
  drop: string | null;
  uncomment: string | null;
  definer: boolean;
  search_path: string | null;
  touched: boolean;
}

async function catalog(c: pg.Client): Promise<Map<string, SqlObject>> {
  await c.query("set search_path = ''");
  const { rows } = await c.query<CatalogRow>(CATALOG_SQL);
  await c.query('reset search_path');
  return new Map(
    rows.map((r) => [
      `${r.kind}:${r.key}`,
      {
        kind: r.kind,
        key: r.key,
        file: `${r.kind}/${r.base}.sql`,
        sql: r.sql,
        drop: r.drop,
        uncomment: r.uncomment,
        securityDefiner: r.definer,
        searchPath: r.search_path,
        touched: r.touched,
      },
    ]),
  );
}

/** A migrated scratch database, with a connection to it and the objects our migrations created. */
export interface Migrated {
  server: RealPostgres;
  client: pg.Client;
  /** what the migrations created (or redefined) beyond what platform.sql provides */
  ours: Map<string, SqlObject>;
  stop(): Promise<void>;
}

const connect = async (s: RealPostgres, database: string) => {
  const c = new pg.Client({ host: s.dir, port: s.port, user: 'postgres', database });
  await c.connect();
  return c;
};

/**
 * Starts PostgreSQL with every migration applied. Supabase's own objects (auth.uid(), storage
 * internals…) come from platform.sql, the local stand-in for what hosted predefines, so they are
 * read from a second database holding only platform.sql and left out unless a migration changed them.
 */
export async function startMigrated(): Promise<Migrated> {
  const server = await startMigratedPostgres();
  const clients: pg.Client[] = [];
  const stop = async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    server.stop();
  };
  try {
    server.psql('create database platform_only');
    const platform = await connect(server, 'platform_only');
    clients.push(platform);
    await platform.query(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
    const provided = await catalog(platform);
    const client = await connect(server, 'postgres');
    clients.push(client);
    const ours = new Map([...(await catalog(client))].filter(([id, o]) => provided.get(id)?.sql !== o.sql));
    return { server, client, ours, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Every file under supabase/schemas/<kind>/, as [path relative to the folder, text]. */
export function readSchemaFiles(dir = SCHEMAS_DIR): [string, string][] {
  return KINDS.flatMap((kind) => {
    let names: string[] = [];
    try {
      names = readdirSync(join(dir, kind)).filter((f) => f.endsWith('.sql'));
    } catch {
      /* no folder yet */
    }
    return names.sort().map((f): [string, string] => [`${kind}/${f}`, readFileSync(join(dir, kind, f), 'utf8')]);
  });
}

export interface Comparison {
  /** objects a file states differently from the migrated database, or that no migration creates (isNew); as the files state them */
  changed: (SqlObject & { isNew: boolean; clearComment: string | null })[];
  /** objects our migrations created that no file defines */
  missing: SqlObject[];
}

/** Applies the schema files on top of the migrated database in a rolled-back transaction and compares. */
export async function compareWithSchemas(db: Migrated, files = readSchemaFiles()): Promise<Comparison> {
  const c = db.client;
  await c.query('begin');
  try {
    // A comment left out of a file is a change too: clear them, the files restate theirs.
    for (const o of db.ours.values()) if (o.uncomment) await c.query(o.uncomment);
    // Bodies may call functions another file defines later: check them once all exist (below).
    await c.query('set local check_function_bodies = off');
    for (const [path, sql] of files) {
      // A table's file states all its policies: drop the table's current ones so a policy left
      // out of the file shows up as missing instead of surviving unnoticed.
      if (path.startsWith('policies/')) await dropPolicies(c, basename(path, '.sql'));
      try {
        await c.query(sql);
      } catch (e) {
        throw new Error(`supabase/schemas/${path}: ${(e as Error).message}`);
      }
    }
    await c.query('set local check_function_bodies = on');
    const after = await catalog(c);
    for (const o of after.values()) {
      if (!o.touched || o.kind !== 'functions') continue;
      try {
        await c.query(o.sql);
      } catch (e) {
        throw new Error(`supabase/schemas/${o.file}: ${o.key}: ${(e as Error).message}`);
      }
    }
    const changed = [...after.entries()]
      .filter(([id, o]) => o.touched && db.ours.get(id)?.sql !== o.sql)
      .map(([id, o]) => {
        const before = db.ours.get(id);
        // a migration must clear a comment the file no longer states (create or replace keeps it)
        return {
          ...o,
          isNew: !before,
          clearComment: before?.uncomment && !o.uncomment ? `${before.uncomment};` : null,
        };
      });
    const missing = [...db.ours.entries()].filter(([id]) => !after.get(id)?.touched).map(([, o]) => o);
    return { changed, missing };
  } finally {
    await c.query('rollback');
  }
}

async function dropPolicies(c: pg.Client, table: string): Promise<void> {
  const { rows } = await c.query<{ drop: string }>(
    `select format('drop policy %I on %s', polname, polrelid::regclass) as drop from pg_policy where polrelid = $1::text::regclass`,
    [table],
  );
  for (const { drop } of rows) await c.query(drop);
}
