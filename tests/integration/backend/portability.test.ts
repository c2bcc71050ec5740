/**
 * Portability: the same platform bootstrap + supabase/migrations + seed applied to a real
 * PostgreSQL server (Debian's postgresql package) in a temp dir on a free port, then the
 * RLS attack suite's SQL-level checks run there (set role authenticated + request.jwt.claims),
 * and Supabase's security lints (splinter, see security-lints.ts) must find nothing unjustified.
 * Fails with an install hint when PostgreSQL is missing, unless BUCKET_SKIP_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { listMigrations, PLATFORM_SQL_PATH, SEED_PATH } from '../../../supabase/local/db/database';
import {
  findPostgresBin,
  MISSING_PG_HINT,
  SKIP_REAL_PG as skip,
  startRealPostgres,
  type RealPostgres,
} from '../helpers/real-postgres';
import { JUSTIFIED, LINTS, lintSql, PLANTED_VIOLATIONS } from './security-lints';

const bin = findPostgresBin();
let pg: RealPostgres | undefined;
const psql = (sql: string) => pg!.psql(sql);

beforeAll(async () => {
  if (!bin) throw new Error(MISSING_PG_HINT);
  pg = await startRealPostgres();
});

afterAll(() => {
  pg?.stop();
});

describe.skipIf(skip)('portability to real PostgreSQL', () => {
  it('applies the platform bootstrap, migrations and seed, and enforces RLS there', () => {
    const version = psql('select version()');
    expect(version).toMatch(/^PostgreSQL \d+/);

    psql(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
    psql(readFileSync(PLATFORM_SQL_PATH, 'utf8')); // idempotent
    for (const m of listMigrations()) psql(`begin;\n${m.sql}\ncommit;`);
    psql(readFileSync(SEED_PATH, 'utf8'));

    // Supabase's security lints on the migrated schema: zero findings, or each one justified.
    const findings = psql(lintSql).split('\n').filter(Boolean);
    expect(
      findings.filter((f) => !(f in JUSTIFIED)),
      'unjustified security lint findings',
    ).toEqual([]);
    // …and the lints do fire: each finds its planted violation (rolled back).
    const planted = psql(`begin;\n${PLANTED_VIOLATIONS}\n${lintSql}\nrollback;`).split('\n').filter(Boolean);
    expect(Object.keys(LINTS).filter((name) => !planted.some((f) => f.startsWith(`${name}|`)))).toEqual([]);
    console.log(
      `portability: ${Object.keys(LINTS).length} security lints, ${findings.length} finding(s), all justified: ${findings.join(', ') || 'none'}`,
    );

    const A = randomUUID();
    const B = randomUUID();
    const as = (uid: string | null, body: string) =>
      `begin;\nselect set_config('request.jwt.claims', '${JSON.stringify(uid ? { sub: uid, role: 'authenticated' } : { role: 'anon' })}', true);\nset local role ${uid ? 'authenticated' : 'anon'};\n${body}\ncommit;`;

    psql(`
      insert into auth.users (id, email) values ('${A}', 'a@example.test'), ('${B}', 'b@example.test');
      create schema rls_check;
      create function rls_check.refused(p_sql text) returns text language plpgsql as $f$
      declare n integer;
      begin
        begin
          execute p_sql;
          get diagnostics n = row_count;
        exception when others then
          return 'refused ' || sqlstate;
        end;
        if n > 0 then raise exception 'NOT REFUSED (% rows): %', n, p_sql; end if;
        return 'refused 0 rows';
      end $f$;
      grant usage on schema rls_check to anon, authenticated;
      grant execute on function rls_check.refused(text) to anon, authenticated;
    `);
    psql(
      as(
        A,
        `
      insert into profiles (id, display_name, role) values ('${A}', 'Artist A', 'artist');
      insert into media_ids (user_uuid, role, interests, content_flags) values ('${A}', 'artist', '{x,y}', '{"mood":"m"}');
      insert into media_engagement_log (user_id, event_type) values ('${A}', 'mediaid_setup_completed');
      insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata) values ('content', '${A}/secret.mp3', '${A}', '${A}', '${randomUUID()}', '{"size":1,"mimetype":"audio/mpeg"}');
      insert into content_items (artist_id, title, file_path, file_type, file_size) values ('${A}', 'Private', '${A}/secret.mp3', 'audio/mpeg', 1);
      insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata) values ('content', '${A}/t3.mp3', '${A}', '${A}', '${randomUUID()}', '{"size":1,"mimetype":"audio/mpeg"}');
      insert into content_items (artist_id, title, file_path, is_public, subscription_tier_required, file_type, file_size) values ('${A}', 'Tier3', '${A}/t3.mp3', true, 'tier3', 'audio/mpeg', 1);
    `,
      ),
    );
    psql(as(B, `insert into profiles (id, display_name) values ('${B}', 'Fan B');`));
    const snapshot = () =>
      psql(`select md5(string_agg(t, '|' order by t)) from (
        select to_jsonb(p)::text t from profiles p where id = '${A}'
        union all select to_jsonb(m)::text from media_ids m where user_uuid = '${A}'
        union all select to_jsonb(e)::text from media_engagement_log e where user_id = '${A}'
        union all select to_jsonb(c)::text from content_items c where artist_id = '${A}'
        union all select to_jsonb(o)::text from storage.objects o where name like '${A}/%'
        union all select 'admins:' || count(*) from profiles where role = 'admin') s`);
    const before = snapshot();

    const attacksB = [
      `select * from profiles where id = '${A}'`,
      `update profiles set display_name = 'pwned' where id = '${A}'`,
      `delete from profiles where id = '${A}'`,
      `insert into profiles (id) values ('${A}')`,
      `update profiles set role = 'admin' where id = '${A}'`,
      `select * from media_ids where user_uuid = '${A}'`,
      `update media_ids set interests = '{pwned}' where user_uuid = '${A}'`,
      `delete from media_ids where user_uuid = '${A}'`,
      `insert into media_ids (user_uuid, role) values ('${A}', 'brand')`,
      `insert into media_ids (user_uuid, role) values ('${B}', 'admin')`,
      `insert into profiles (id, role) values ('${B}', 'admin')`,
      `insert into profiles (id, role) values ('${B}', 'fan') on conflict (id) do update set role = 'admin'`,
      `update profiles set role = 'admin' where id = '${B}'`,
      `select * from media_engagement_log where user_id = '${A}'`,
      `insert into media_engagement_log (user_id, event_type) values ('${A}', 'forged')`,
      `delete from media_engagement_log`,
      `select * from content_items where artist_id = '${A}'`,
      `update content_items set is_public = true where artist_id = '${A}'`,
      `insert into content_items (artist_id, title, file_path) values ('${A}', 'x', 'x')`,
      `insert into content_items (artist_id, title, file_path) values ('${B}', 'not an artist', 'x')`,
      `select * from storage.objects where name like '${A}/%'`,
      `insert into storage.objects (bucket_id, name) values ('content', '${A}/planted.mp3')`,
      `update storage.objects set metadata = '{}' where name like '${A}/%'`,
      `delete from storage.objects where name like '${A}/%'`,
      `select auth.uid() from auth.users`,
      // issue 16 classes: service-only helpers, hard deletes, tier gating, cross-folder rows
      `select public.fan_tier('${A}')`,
      `select public.generate_fan_sample('${A}', now())`,
      `delete from reward_claims where fan_id = '${B}'`,
      `delete from subscriptions where fan_id = '${B}'`,
      `select * from content_items where title = 'Tier3'`,
      `select * from storage.objects where name = '${A}/t3.mp3'`,
      `update subscriptions set price = 0 where fan_id = '${B}'`,
    ];
    const out = psql(as(B, attacksB.map((s) => `select rls_check.refused($q$${s}$q$);`).join('\n')));
    const lines = out.split('\n').filter((l) => l.startsWith('refused'));
    expect(lines).toHaveLength(attacksB.length);

    // sync_push as B: admin and foreign rows are reported as per-row errors
    const push = psql(
      as(
        B,
        `select public.sync_push('media_ids', '[{"new":{"id":"${B}|admin","user_uuid":"${B}","role":"admin"},"assumed":null},{"new":{"id":"${A}|brand","user_uuid":"${A}","role":"brand"},"assumed":null},{"new":{"id":"${B}|fan","user_uuid":"${B}","role":"fan","interests":["a"]},"assumed":null}]'::jsonb);`,
      ),
    );
    const result = JSON.parse(push.split('\n').find((l) => l.startsWith('['))!) as {
      id: string;
      error?: { code: string };
    }[];
    expect(result.map((r) => r.error?.code).sort()).toEqual(['42501', '42501']);

    const anonAttacks = [
      'select * from profiles',
      'select * from media_ids',
      'select * from content_items',
      'select * from media_engagement_log',
      `select * from storage.objects`,
    ];
    const anonOut = psql(as(null, anonAttacks.map((s) => `select rls_check.refused($q$${s}$q$);`).join('\n')));
    expect(anonOut.split('\n').filter((l) => l.startsWith('refused'))).toHaveLength(anonAttacks.length);

    expect(snapshot()).toBe(before);
    // the valid row of the same push went through (arrays round-trip), admin rows did not
    expect(psql(`select role || ':' || interests::text from media_ids where user_uuid = '${B}'`)).toBe('fan:{a}');
    expect(psql(`select count(*) from media_ids where role = 'admin'`)).toBe('0');
    // Realtime: the replicated tables are published, and the migration is idempotent
    const published = () =>
      psql(
        `select string_agg(tablename, ',' order by tablename) from pg_publication_tables where pubname = 'supabase_realtime'`,
      );
    expect(published()).toBe(
      'content_items,daily_rewards,developer_apps,locker_comments,locker_interactions,locker_items,media_ids,profiles,reward_claims,subscriptions',
    );
    psql(listMigrations().find((m) => m.name === 'realtime_publication')!.sql);
    expect(published().split(',')).toHaveLength(10);
    // A still reads its own rows; _modified is server-set
    const own = psql(
      as(
        A,
        `select count(*) from media_ids; select count(*) from content_items; select count(*) from storage.objects;`,
      ),
    );
    expect(own.split('\n').filter((l) => /^\d+$/.test(l))).toEqual(['1', '2', '2']);
    console.log(
      `portability: ${version.split(' ').slice(0, 2).join(' ')} — ${attacksB.length + anonAttacks.length + 2} SQL-level attacks refused`,
    );
  });
});
