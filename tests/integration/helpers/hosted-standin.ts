/**
 * A stand-in for a hosted Supabase project's database on Debian's PostgreSQL: the
 * cluster's superuser is `supabase_admin`; `postgres` is an ordinary role (NOSUPERUSER CREATEDB
 * CREATEROLE BYPASSRLS, as hosted demotes it) that applies every migration and the seed; auth,
 * storage and realtime belong to supabase_auth_admin, supabase_storage_admin and
 * supabase_realtime_admin; postgres's default privileges grant nothing on new `public` objects,
 * not even EXECUTE to PUBLIC (hosted since 30 October 2026).
 * Invariants: callers `stop()` what they start; `request` runs SQL as PostgREST, Storage and
 * Realtime do (login `authenticator`, SET ROLE to the JWT's role, request.jwt.claims set), so a
 * missing grant or a policy that needs one fails here as it would on hosted.
 * Used by tests/integration/backend/hosted-grants.test.ts (`npm run check:hosted`).
 */
import { readFileSync } from 'node:fs';
import { listMigrations, PLATFORM_SQL_PATH, SEED_PATH } from '../../../supabase/local/db/database';
import { startRealPostgres, type RealPostgres } from './real-postgres';

/** Roles and grants hosted has before any project migration (supabase/postgres init scripts). */
const HOSTED_ROLES = `
  create role postgres login createdb createrole replication bypassrls; -- nosuperuser
  create role supabase_auth_admin login noinherit createrole;
  create role supabase_storage_admin login noinherit createrole;
  create role supabase_realtime_admin nologin noinherit;
  create role authenticator login noinherit;
  grant all on database postgres to postgres;
  grant all on schema public to postgres;
`;

/** After platform.sql (run by the superuser): the platform schemas change hands, as on hosted. */
const HOSTED_OWNERSHIP = `
  grant anon, authenticated, service_role to postgres, authenticator;
  do $$
  declare
    r record;
    _owner constant jsonb := '{"auth":"supabase_auth_admin","storage":"supabase_storage_admin","realtime":"supabase_realtime_admin"}';
  begin
    for r in select n.nspname, c.oid::regclass::text as obj from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname in ('auth', 'storage', 'realtime') and c.relkind in ('r', 'p', 'v') loop
      execute format('alter table %s owner to %I', r.obj, _owner ->> r.nspname);
    end loop;
    for r in select n.nspname, p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             where n.nspname in ('auth', 'storage', 'realtime') loop
      execute format('alter function %s owner to %I', r.fn, _owner ->> r.nspname);
    end loop;
    for r in select key, value from jsonb_each_text(_owner) loop
      execute format('alter schema %I owner to %I', r.key, r.value);
    end loop;
  end $$;
  -- what hosted gives postgres on the platform schemas (demote-postgres, storage/realtime grants)
  grant all on schema auth, storage to postgres;
  grant usage on schema realtime to postgres with grant option;
  grant all on all tables in schema auth, storage, realtime to postgres;
  grant all on all sequences in schema auth, storage, realtime to postgres;
  grant all on all routines in schema auth, storage, realtime to postgres;
  -- hosted's default for what postgres creates: nothing for the API roles, no EXECUTE for PUBLIC
  alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated, service_role;
  alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated, service_role;
  alter default privileges for role postgres in schema public revoke all on functions from anon, authenticated, service_role;
  alter default privileges for role postgres revoke execute on functions from public;
`;

/**
 * Hosted lets postgres create policies on storage.objects and realtime.messages and drop its
 * triggers on auth.users without owning them (supautils' policy_grants and drop_trigger_grants);
 * vanilla PostgreSQL needs the owner's rights, so postgres holds them only while migrations run.
 */
const SUPAUTILS_GRANTS = 'supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin';

/** JWT claims as PostgREST, Storage and Realtime set them for a request. */
export type Claims = Record<string, unknown> & { role: string };

export const SERVICE: Claims = { role: 'service_role' };
export const ANON: Claims = { role: 'anon' };
export const user = (id: string): Claims => ({ sub: id, role: 'authenticated', aud: 'authenticated' });

export interface HostedStandin {
  readonly pg: RealPostgres;
  /** SQL as `user` (default: the superuser supabase_admin); unaligned tuples-only output. */
  psql(sql: string, user?: string): string;
  /** One API request: authenticator logs in, switches to the claims' role, runs `body`, commits. */
  request(claims: Claims, body: string): string;
  stop(): void;
}

/** One API request's transaction: `set local` the claims and role, then `body`. */
export function requestSql(claims: Claims, body: string, end: 'commit' | 'rollback' = 'commit'): string {
  const json = JSON.stringify(claims).replace(/'/g, "''");
  return `begin;\nset local "request.jwt.claims" to '${json}';\nset local role ${claims.role};\n${body}\n${end};`;
}

/** Starts the cluster, applies platform.sql as hosted's platform, then every migration and the seed as postgres. */
export async function startHostedStandin(): Promise<HostedStandin> {
  const pg = await startRealPostgres({ superuser: 'supabase_admin' });
  try {
    pg.psql(HOSTED_ROLES);
    pg.psql(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
    pg.psql(HOSTED_OWNERSHIP);
    pg.psql(`grant ${SUPAUTILS_GRANTS} to postgres;`);
    for (const m of listMigrations()) {
      try {
        pg.psql(`begin;\n${m.sql}\ncommit;`, 'postgres');
      } catch (e) {
        throw new Error(`migration ${m.version}_${m.name} as postgres: ${(e as Error).message}`);
      }
    }
    pg.psql(readFileSync(SEED_PATH, 'utf8'), 'postgres');
    pg.psql(`revoke ${SUPAUTILS_GRANTS} from postgres;`);
  } catch (e) {
    pg.stop();
    throw e;
  }
  return {
    pg,
    psql: pg.psql,
    request: (claims, body) => pg.psql(requestSql(claims, body), 'authenticator'),
    stop: () => pg.stop(),
  };
}
