/**
 * Benchmark: what sync and the directory cost the server as the platform grows, on Debian's
 * PostgreSQL (the engine hosted Supabase runs), through PostgREST's role switching.
 *  1. One device's pull (its own share constant: 100 content items, 5 followed artists) with 10k,
 *     100k and 1M rows of other users in the tables: median time, ratio to 10k, and the top node
 *     of each pull query's plan (an index, never a scan of the table).
 *  2. A drop (one content item) by an artist with 10 vs 10,000 followers: the write's database
 *     time, ratio (live messages go to one topic per artist, not one per follower).
 *  3. A play on an artist with 10 plays vs 1M plays: ratio (figures kept by delta).
 * Run: npx tsx tests/bench/scale-postgres.bench.ts (BENCH_MAX_ROWS=100000 for a quicker round).
 * Invariants: same server, same run — only ratios are meaningful; filler rows are written with
 * triggers off (session_replication_role = replica) and their derived rows filled by set-based SQL.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { listMigrations, PLATFORM_SQL_PATH, SEED_PATH } from '../../supabase/local/db/database';
import { STORED_OBJECT, storedObjectsSql } from '../fixtures/content-items';
import { startRealPostgres } from '../integration/helpers/real-postgres';
import { benchSize } from './smoke';

const RUNS = benchSize(15, 1);
const SIZES = [10_000, 100_000, 1_000_000].filter((n) => n <= benchSize(Number(process.env.BENCH_MAX_ROWS ?? 1_000_000), 10_000));
const FOLLOWERS = benchSize(10_000, 100);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const claims = (uid: string) => JSON.stringify({ sub: uid, role: 'authenticated' });

const server = await startRealPostgres();
const c = new pg.Client({ host: server.dir, port: server.port, user: 'postgres', database: 'postgres' });
try {
  server.psql(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
  for (const m of listMigrations()) server.psql(`begin;\n${m.sql}\ncommit;`);
  server.psql(readFileSync(SEED_PATH, 'utf8'));
  await c.connect();

  async function asUser<T>(uid: string, body: () => Promise<T>): Promise<T> {
    await c.query('begin');
    await c.query("select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)", [claims(uid), uid]);
    await c.query('set local role authenticated');
    try {
      return await body();
    } finally {
      await c.query('commit');
    }
  }
  async function timed(fn: () => Promise<unknown>): Promise<number> {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    return median(samples);
  }
  /** Stores the objects `paths` name (as Storage writes them), as the owner, before their rows. */
  const storeObjects = (paths: string[]) => c.query(storedObjectsSql(paths));
  const FILE = `'${STORED_OBJECT.mimetype}', ${STORED_OBJECT.size}`;
  async function user(role: 'artist' | 'fan'): Promise<string> {
    const id = randomUUID();
    await c.query('insert into auth.users (id, email) values ($1, $2)', [id, `${role}-${id}@bench.test`]);
    await asUser(id, async () => {
      await c.query('insert into public.profiles (id, display_name, role) values ($1, $2, $3)', [id, `${role} ${id.slice(0, 4)}`, role]);
      await c.query('insert into public.media_ids (user_uuid, role) values ($1, $2)', [id, role]);
    });
    return id;
  }

  // ------------------------------------------------------------------ 1. pull cost vs table size
  const me = await user('artist');
  const fan = await user('fan');
  const followed: string[] = [];
  for (let i = 0; i < 5; i++) followed.push(await user('artist'));
  const paths = (artist: string, n: number) => Array.from({ length: n }, (_, g) => `${artist}/${g + 1}.mp3`);
  await storeObjects(paths(me, 100));
  await asUser(me, () =>
    c.query(`insert into public.content_items (artist_id, title, file_path, file_type, file_size, is_public)
             select $1::uuid, 'mine ' || g, $1::text || '/' || g || '.mp3', ${FILE}, true from generate_series(1, 100) g`, [me]),
  );
  for (const a of followed) {
    await storeObjects(paths(a, 20));
    await asUser(a, () =>
      c.query(`insert into public.content_items (artist_id, title, file_path, file_type, file_size, is_public)
               select $1::uuid, 'drop ' || g, $1::text || '/' || g || '.mp3', ${FILE}, true from generate_series(1, 20) g`, [a]),
    );
    await asUser(fan, () => c.query("insert into public.subscriptions (id, fan_id, artist_id, artist_name) values ($1, $2, $3, 'x')", [`${fan}|${a}`, fan, a]));
  }
  const otherFans: string[] = [];
  for (let i = 0; i < 50; i++) otherFans.push(await user('fan'));

  let filled = 0;
  async function fillTo(n: number): Promise<void> {
    const add = n - filled;
    if (add <= 0) return;
    await c.query('begin');
    await c.query('set local session_replication_role = replica');
    // the platform grows by artists of 100 items each, and their followers
    const artists = Array.from({ length: Math.ceil(add / 100) }, () => randomUUID());
    await c.query(`insert into auth.users (id, email) select a, a::text || '@filler.test' from unnest($1::uuid[]) a`, [artists]);
    await c.query(
      `insert into public.content_items (id, artist_id, title, file_path, is_public, _txid)
       select gen_random_uuid(), ($1::uuid[])[1 + g % cardinality($1::uuid[])], 'filler', 'f/' || g, g % 2 = 0, pg_current_xact_id()::text::bigint
       from generate_series(1, $2) g`,
      [artists, add],
    );
    await c.query(
      `insert into public.content_previews (id, artist_id, title, file_type, subscription_tier_required, is_public, unlock_date, created_at, updated_at, _txid)
       select id, artist_id, title, file_type, subscription_tier_required, is_public, unlock_date, created_at, updated_at, _txid
       from public.content_items where title = 'filler' on conflict (id) do nothing`,
    );
    await c.query(
      `insert into public.subscriptions (id, fan_id, artist_id, artist_name)
       select f || '|' || a, f, a::text, 'x' from unnest($1::uuid[]) f, unnest($2::uuid[]) a on conflict do nothing`,
      [otherFans, artists.slice(0, 20)],
    );
    await c.query('commit');
    await c.query('analyze');
    filled = n;
  }

  const pullOnce = (uid: string, collection: string) =>
    asUser(uid, () => c.query('select public.sync_pull($1, null::jsonb, 500)', [collection]));
  async function topNode(uid: string, collection: string): Promise<string> {
    const own = collection === 'content_items' ? 'and t.artist_id = (select auth.uid())' : '';
    return asUser(uid, async () => {
      const xmax = (await c.query<{ x: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as x')).rows[0]!.x;
      const { rows } = await c.query<{ 'QUERY PLAN': unknown }>(
        // the range branch sync_pull runs on a first page, with its snapshot as the constants they are there
        `explain (format json) select * from public.${collection} t
          where t._txid >= greatest(0, -1) and t._txid < ${xmax} and t._txid <> all('{}'::bigint[])
            and (t._txid > -1 or (t._txid = -1 and t.id::text > '')) ${own}
          order by t._txid, t.id::text limit 500`,
      );
      const plan = (rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan;
      const names: string[] = [];
      const walk = (p: Record<string, unknown>) => {
        if (typeof p['Relation Name'] === 'string') names.push(`${String(p['Node Type'])} on ${String(p['Relation Name'])}${p['Index Name'] ? ` using ${String(p['Index Name'])}` : ''}`);
        for (const child of (p.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk(plan);
      return `${String(plan['Node Type'])} ← ${names.join(', ')}`;
    });
  }

  console.log('1. one device\'s pull (its share constant) against table size — median of', RUNS);
  const base: Record<string, number> = {};
  for (const size of SIZES) {
    await fillTo(size);
    for (const [uid, collection] of [[me, 'content_items'], [fan, 'followed_content'], [fan, 'subscriptions']] as const) {
      const ms = await timed(() => pullOnce(uid, collection));
      base[collection] ??= ms;
      console.log(`   ${collection.padEnd(17)} ${String(size).padStart(9)} rows: ${ms.toFixed(2)} ms  (${(ms / base[collection]!).toFixed(2)}× 10k)  plan: ${await topNode(uid, collection)}`);
    }
  }

  // ------------------------------------------------------------------ 2. a drop to many followers
  console.log('2. a drop by an artist with few vs many followers — median of', RUNS);
  const drop = async (artist: string) => {
    // each sample's file is stored before the timed write of its row
    const files = Array.from({ length: RUNS }, () => `${artist}/${randomUUID()}.mp3`);
    await storeObjects(files);
    return timed(() =>
      asUser(artist, () =>
        c.query(`insert into public.content_items (artist_id, title, file_path, file_type, file_size, is_public) values ($1::uuid, 'new', $2, ${FILE}, true)`, [artist, files.pop()]),
      ),
    );
  };
  const small = await user('artist');
  const big = await user('artist');
  const followerIds = Array.from({ length: FOLLOWERS }, () => randomUUID());
  await c.query('begin');
  await c.query('set local session_replication_role = replica');
  await c.query(`insert into auth.users (id, email) select f, f::text || '@bench.test' from unnest($1::uuid[]) f`, [followerIds]);
  await c.query(`insert into public.subscriptions (id, fan_id, artist_id, artist_name) select f || '|' || $2::text, f, $2::text, 'x' from unnest($1::uuid[]) f`, [followerIds, big]);
  await c.query(`insert into public.subscriptions (id, fan_id, artist_id, artist_name) select f || '|' || $2::text, f, $2::text, 'x' from unnest($1::uuid[]) f`, [followerIds.slice(0, 10), small]);
  await c.query('commit');
  await c.query('analyze');
  const fewMs = await drop(small);
  const manyMs = await drop(big);
  console.log(`   10 followers: ${fewMs.toFixed(2)} ms   ${FOLLOWERS.toLocaleString('en-US')} followers: ${manyMs.toFixed(2)} ms   ratio ${(manyMs / fewMs).toFixed(2)}× (goal ≤ 2×)`);

  // ------------------------------------------------------------------ 3. a play on a long history
  console.log(`3. a play on an artist with 10 vs ${Math.max(...SIZES).toLocaleString('en-US')} plays — median of`, RUNS);
  const playOn = async (artist: string, listener: string) => {
    const item = randomUUID();
    await storeObjects([`${artist}/hit-${item}.mp3`]);
    await asUser(artist, () => c.query(`insert into public.content_items (id, artist_id, title, file_path, file_type, file_size, is_public) values ($1::uuid, $2::uuid, 'hit', $2::text || '/hit-' || $1::text || '.mp3', ${FILE}, true)`, [item, artist]));
    return { item, listener };
  };
  const quiet = await user('artist');
  const famous = await user('artist');
  const listener = await user('fan');
  const q = await playOn(quiet, listener);
  const f = await playOn(famous, listener);
  const historyFans = Array.from({ length: 1000 }, () => randomUUID());
  await c.query('begin');
  await c.query('set local session_replication_role = replica');
  await c.query(`insert into auth.users (id, email) select f, f::text || '@history.test' from unnest($1::uuid[]) f`, [historyFans]);
  await c.query(
    `insert into public.media_engagement_log (user_id, event_type, metadata)
     select ($1::uuid[])[1 + g % 1000], 'track_played', jsonb_build_object('content_id', $2::text) from generate_series(1, $3) g`,
    [historyFans, f.item, Math.min(1_000_000, Math.max(...SIZES))],
  );
  await c.query(
    `insert into public.media_engagement_log (user_id, event_type, metadata)
     select ($1::uuid[])[1 + g % 10], 'track_played', jsonb_build_object('content_id', $2::text) from generate_series(1, 10) g`,
    [historyFans, q.item],
  );
  await c.query('commit');
  await c.query('analyze');
  // a different fan-item pair each time: every sample counts (no 30-minute window hit)
  const play = (item: string) =>
    timed(async () => {
      const who = await user('fan');
      await asUser(who, () => c.query("insert into public.media_engagement_log (user_id, event_type, metadata) values ($1, 'track_played', jsonb_build_object('content_id', $2::text))", [who, item]));
    });
  const playQuiet = await play(q.item);
  const playFamous = await play(f.item);
  console.log(`   10 plays: ${playQuiet.toFixed(2)} ms   ${Math.min(1_000_000, Math.max(...SIZES)).toLocaleString('en-US')} plays: ${playFamous.toFixed(2)} ms   ratio ${(playFamous / playQuiet).toFixed(2)}× (goal ≤ 2×; each sample includes signing up its fan)`);
} finally {
  await c.end().catch(() => undefined);
  server.stop();
}
