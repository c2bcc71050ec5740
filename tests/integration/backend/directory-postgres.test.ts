/**
 * The artist directory's figures on real PostgreSQL: the
 * embedded backend runs one transaction at a time, so counts kept by delta are proven here.
 *  1. History written under the earlier migrations (forged plays, repeats, drafts, unfollows)
 *     is recounted once by the directory migration; deleting accounts goes through the triggers.
 *  2. 8 connections write plays, follows and item changes for the same artists at once, through
 *     PostgREST's role switching (`set local role`, `request.jwt.claims`), with random sleeps
 *     inside the transactions; the directory then equals a recount from the source tables.
 *  3. One play, follow or item change reads O(1) rows of the history tables, whatever the
 *     artist's history (pg_stat_xact_user_tables).
 * The recount below is this test's own oracle: released = public or unlock date passed; a play
 * counts once per fan and item (everything here happens within one window) when the fan may
 * read the item (tier rank) and is not its artist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { listMigrations, PLATFORM_SQL_PATH, SEED_PATH } from '../../../supabase/local/db/database';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip, startRealPostgres, type RealPostgres } from '../helpers/real-postgres';
import { prng } from '../helpers/prng';
import { STORED_OBJECT, storedObjectsSql } from '../../fixtures/content-items';

// Content rows written as `authenticated` name stored objects (upload checks): the fixture stores them first.
const FILE_COLS = `'${STORED_OBJECT.mimetype}', ${STORED_OBJECT.size}`;

const DIRECTORY_MIGRATION = '20261126100000';
// From here on only items whose file the server verified are released (and counted).
const VERIFICATION_MIGRATION = '20261128200000';
const bin = findPostgresBin();
let pg: RealPostgres | undefined;
const psql = (sql: string) => pg!.psql(sql);

const applied = new Set<string>();
/** Applies the migrations not yet applied whose version passes `upTo`, in order. */
function applyMigrations(upTo: (version: string) => boolean) {
  for (const m of listMigrations().filter((x) => upTo(x.version) && !applied.has(x.version))) {
    psql(`begin;\n${m.sql}\ncommit;`);
    applied.add(m.version);
  }
}

/** A transaction as PostgREST runs a request of this user. */
const as = (uid: string, body: string) =>
  `begin;\nselect set_config('request.jwt.claims', '${JSON.stringify({ sub: uid, role: 'authenticated' })}', true);\nset local role authenticated;\n${body}\ncommit;\n`;
const playSql = (fan: string, item: string) =>
  `insert into public.media_engagement_log (user_id, event_type, metadata) values ('${fan}', 'track_played', '{"content_id": "${item}"}');`;
const followToggleSql = (fan: string, artist: string) =>
  `insert into public.subscriptions (fan_id, artist_id, artist_name) values ('${fan}', '${artist}', 'x')
   on conflict (fan_id, artist_id) do update set _deleted = not subscriptions._deleted;`;

function users(n: number, tag: string): string[] {
  const ids = Array.from({ length: n }, () => randomUUID());
  psql(`insert into auth.users (id, email) values ${ids.map((id, i) => `('${id}', '${tag}-${i}-${id.slice(0, 8)}@example.test')`).join(', ')};`);
  return ids;
}

function makeArtist(name: string): string {
  const [id] = users(1, name) as [string];
  psql(as(id, `insert into public.profiles (id, display_name, role) values ('${id}', '${name}', 'artist');
    insert into public.media_ids (user_uuid, role) values ('${id}', 'artist');`));
  return id;
}

type Item = { id: string; genre: string; isPublic: boolean; tier?: string; unlock?: string; deleted?: boolean };
function addItems(artist: string, items: Item[]) {
  const rows = items.map(
    (i) => `('${i.id}', '${artist}', 'Song', '${artist}/${i.id}.mp3', '{"genre": "${i.genre}"}', ${i.isPublic},
      '${i.tier ?? 'free'}', ${i.unlock ? `now() + interval '${i.unlock}'` : 'null'}, ${i.deleted ?? false}, ${FILE_COLS})`,
  );
  const verifying = applied.has(VERIFICATION_MIGRATION);
  psql(storedObjectsSql(items.map((i) => `${artist}/${i.id}.mp3`), { checks: verifying }));
  psql(as(artist, `insert into public.content_items (id, artist_id, title, file_path, metadata, is_public,
    subscription_tier_required, unlock_date, _deleted, file_type, file_size) values ${rows.join(',\n')};`));
}

const DIRECTORY = `select coalesce(jsonb_agg(jsonb_build_object('artist_id', d.artist_id, 'followers', d.followers,
    'plays', d.plays, 'items', d.items, 'genres', to_jsonb(d.genres)) order by d.artist_id), '[]')
  from public.artist_directory d`;
const RECOUNT = `with released as (select * from public.content_items c where not c._deleted and c.file_verified
                and (c.is_public or c.unlock_date <= now())),
  artists as (select distinct artist_id from released),
  plays as (
    select distinct l.user_id, c.id, c.artist_id from public.media_engagement_log l
    join released c on c.id::text = l.metadata ->> 'content_id'
    where l.event_type = 'track_played' and not l._deleted and l.user_id <> c.artist_id
      and coalesce((select max(s.fan_tier) from public.subscriptions s
                    where s.fan_id = l.user_id and s.artist_id = c.artist_id::text and not s._deleted), 0)
          >= case c.subscription_tier_required when 'tier1' then 1 when 'tier2' then 2 when 'tier3' then 3 else 0 end)
  select coalesce(jsonb_agg(jsonb_build_object('artist_id', a.artist_id,
    'followers', (select count(*) from public.subscriptions s where s.artist_id = a.artist_id::text and not s._deleted),
    'plays', (select count(*) from plays p where p.artist_id = a.artist_id),
    'items', (select count(*) from released c where c.artist_id = a.artist_id),
    'genres', (select coalesce(jsonb_agg(g order by g), '[]') from (select distinct c.metadata ->> 'genre' g from released c
               where c.artist_id = a.artist_id and coalesce(c.metadata ->> 'genre', '') <> '') x)
  ) order by a.artist_id), '[]') from artists a`;

/** The directory and the recount, read in one snapshot (same now()). */
function directoryAndRecount(): { directory: unknown; recount: unknown } {
  const out = psql(`begin isolation level repeatable read;\n${DIRECTORY};\n${RECOUNT};\ncommit;`).split('\n').filter((l) => l.startsWith('['));
  return { directory: JSON.parse(out[0]!), recount: JSON.parse(out[1]!) };
}

let A = '';
let B = '';
const a = {
  open: randomUUID(), jazz: randomUUID(), past: randomUUID(), // released and free
  t3: randomUUID(), draft: randomUUID(), future: randomUUID(), gone: randomUUID(), // not readable by free fans
};
const b = { open: randomUUID(), draft: randomUUID() };

beforeAll(async () => {
  if (!bin) throw new Error(MISSING_PG_HINT);
  pg = await startRealPostgres();
  psql(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
  applyMigrations((v) => v < DIRECTORY_MIGRATION);
  psql(readFileSync(SEED_PATH, 'utf8'));
});

afterAll(() => {
  pg?.stop();
});

describe.skipIf(skip)('artist directory on real PostgreSQL', () => {
  it('the directory migration recounts the history written before it', () => {
    A = makeArtist('Artist A');
    B = makeArtist('Artist B');
    addItems(A, [
      { id: a.open, genre: 'Electronic', isPublic: true },
      { id: a.jazz, genre: 'Jazz', isPublic: true },
      { id: a.past, genre: 'Rock', isPublic: false, unlock: '-1 hour' },
      { id: a.t3, genre: 'Ambient', isPublic: true, tier: 'tier3' },
      { id: a.draft, genre: 'Folk', isPublic: false },
      { id: a.future, genre: 'Pop', isPublic: false, unlock: '1 day' },
      { id: a.gone, genre: 'Metal', isPublic: true, deleted: true },
    ]);
    addItems(B, [
      { id: b.open, genre: 'Electronic', isPublic: true },
      { id: b.draft, genre: 'Soul', isPublic: false },
    ]);
    const C = makeArtist('Artist C');
    const cItem = randomUUID();
    addItems(C, [{ id: cItem, genre: 'Soul', isPublic: true }]);
    const [f1, f2, f3, f4, f5, f6, f7] = users(7, 'hist') as [string, string, string, string, string, string, string];
    let script = '';
    script += as(f4, followToggleSql(f4, C));
    script += as(f3, playSql(f3, cItem));
    script += as(C, `update public.content_items set _deleted = true where id = '${cItem}';`); // after the play
    for (const f of [f1, f2, f3, f4, f5, f6]) script += as(f, followToggleSql(f, A));
    script += as(f6, followToggleSql(f6, A)); // unfollowed
    script += as(f1, followToggleSql(f1, B));
    script += as(f7, followToggleSql(f7, f1)); // f1 is no artist
    script += `update public.subscriptions set tier = 'tier3' where fan_id = '${f2}' and artist_id = '${A}';\n`;
    const plays: [string, string, number][] = [
      [f1, a.open, 5], // repeats: once
      [f1, a.t3, 3], // forged: tier 3, f1 is free
      [f1, a.draft, 2], // forged: unreleased
      [f2, a.t3, 2], // f2 holds tier 3: once
      [f3, a.past, 1], // unlock date passed
      [A, a.open, 2], // the artist's own plays
      [f4, a.gone, 1], // deleted item
      [f5, a.future, 1], // not yet released
      [f5, 'not-a-uuid', 1],
      [f1, b.open, 1],
      [f1, b.draft, 4],
    ];
    for (const [fan, item, n] of plays) script += as(fan, Array.from({ length: n }, () => playSql(fan, item)).join('\n'));
    psql(script);

    applyMigrations((v) => v < VERIFICATION_MIGRATION);
    // C's item was deleted after its play: the play stays counted, the item does not.
    expect(psql(`select followers || '|' || plays || '|' || items from public.artist_directory where artist_id = '${C}'`)).toBe('1|1|0');
    // The upload-verification migration hides every item until the server has checked its file;
    // the sweep (verify-upload as service_role) records a passed check for each stored object.
    applyMigrations(() => true);
    expect(psql(`select count(*) from public.artist_directory`)).toBe('0');
    psql(`begin; set local role service_role;
      select public.record_upload_check(o.name, o.version, true, o.metadata ->> 'mimetype', (o.metadata ->> 'size')::bigint, 'sweep')
      from storage.objects o where o.bucket_id = 'content'; commit;`);
    // From here the directory lists only artists with a released item: C has none left.
    expect(psql(`select count(*) from public.artist_directory where artist_id = '${C}'`)).toBe('0');
    // Deleting accounts goes through the triggers: the artist's rows go, a fan's follow is uncounted.
    psql(`delete from auth.users where id in ('${C}', '${f5}');`);
    const { directory, recount } = directoryAndRecount();
    const expected = [
      { artist_id: A, followers: 4, plays: 3, items: 4, genres: ['Ambient', 'Electronic', 'Jazz', 'Rock'] },
      { artist_id: B, followers: 1, plays: 1, items: 1, genres: ['Electronic'] },
    ].sort((x, y) => x.artist_id.localeCompare(y.artist_id));
    expect(recount).toEqual(expected); // the oracle agrees with the hand count
    expect(directory).toEqual(expected);
    // A play within the window of a counted one (made before the migration) is not counted again.
    psql(as(f1, playSql(f1, a.open)));
    expect(directoryAndRecount().directory).toEqual(expected);
  });

  it('8 connections writing plays, follows and item changes at once leave the directory equal to a recount', async () => {
    const seed = Number(process.env.DIRECTORY_SEED ?? Date.now() % 1_000_000);
    const rnd = prng(seed);
    const fans = users(12, 'conc');
    const stable: Record<string, string[]> = {
      [A]: Object.values(a),
      [B]: Object.values(b),
    };
    const genres = ['Electronic', 'Jazz', 'Pop', 'Rock', 'Folk', 'Soul'];
    const sleep = () => `select pg_sleep(${(rnd.int(12) / 1000).toFixed(3)});`;

    const fanScript = (own: string[]) => {
      let s = '';
      for (let t = 0; t < 120; t += 1) {
        const fan = rnd.pick(own);
        const artist = rnd.pick([A, B]); // one artist per transaction (see the migration's lock order note)
        const ops: string[] = [];
        for (let k = 1 + rnd.int(4); k > 0; k -= 1) {
          ops.push(rnd.next() < 0.75 ? playSql(fan, rnd.pick(stable[artist]!)) : followToggleSql(fan, artist), sleep());
        }
        s += as(fan, ops.join('\n'));
      }
      return s;
    };
    const artistScript = (artist: string) => {
      const mine: string[] = [];
      let s = '';
      for (let t = 0; t < 80; t += 1) {
        const ops: string[] = [];
        for (let k = 1 + rnd.int(3); k > 0; k -= 1) {
          const r = rnd.next();
          if (mine.length === 0 || r < 0.3) {
            const id = randomUUID();
            mine.push(id);
            churnPaths.push(`${artist}/${id}.mp3`);
            const state = rnd.pick([
              `true, null`, `false, null`, `false, now() - interval '1 minute'`,
              `false, now() + interval '${200 + rnd.int(2500)} milliseconds'`,
            ]);
            ops.push(`insert into public.content_items (id, artist_id, title, file_path, metadata, subscription_tier_required, is_public, unlock_date, file_type, file_size)
              values ('${id}', '${artist}', 'Churn', '${artist}/${id}.mp3', '{"genre": "${rnd.pick(genres)}"}', '${rnd.pick(['free', 'tier2'])}', ${state}, ${FILE_COLS});`);
          } else {
            const id = rnd.pick(mine);
            const change = rnd.pick([
              `is_public = not is_public`, `_deleted = not _deleted`, `metadata = '{"genre": "${rnd.pick(genres)}"}'`,
              `metadata = '{}'`, `unlock_date = now() + interval '${rnd.int(2000)} milliseconds'`, `unlock_date = null`,
            ]);
            ops.push(`update public.content_items set ${change} where id = '${id}';`);
          }
          ops.push(sleep());
        }
        s += as(artist, ops.join('\n'));
      }
      return s;
    };

    const churnPaths: string[] = [];
    const scripts = [artistScript(A), artistScript(B)];
    psql(storedObjectsSql(churnPaths));
    for (let c = 0; c < 6; c += 1) scripts.push(fanScript(fans.slice(c * 2, c * 2 + 2)));
    const started = Date.now();
    const results = await Promise.all(scripts.map((s) => pg!.psqlAsync(s)));
    const failed = results.filter((r) => r.status !== 0);
    expect(failed.map((r) => r.stderr), `seed ${seed}`).toEqual([]);
    // Let every scheduled unlock pass, so the recount and the view see released items differently
    // from the writers' transactions.
    await new Promise((r) => setTimeout(r, 2_800));
    const { directory, recount } = directoryAndRecount();
    expect(directory, `seed ${seed}`).toEqual(recount);
    const counts = psql(`select count(*) from public.media_engagement_log; select count(*) from public.content_items;`);
    console.log(`directory-postgres: seed ${seed}, 8 connections, ${2 * 80 + 6 * 120} transactions in ${Date.now() - started} ms; rows (plays, items): ${counts.split('\n').join(', ')}`);
  });

  it('one play, follow or item change reads O(1) rows of the history tables', () => {
    const late = randomUUID(); // the newest item: a scan by anything but its key reads the whole table
    // A long history for A: 1,500 more items, 1,500 followers, 6,000 plays (each fan's own statement).
    // The bulk fans get no reward calendars (set-up only: filling 1,500 calendars twice is not what
    // this test measures); the probe's own follow below runs with every trigger.
    psql(`
      alter table auth.users disable trigger fill_reward_calendar;
      alter table public.subscriptions disable trigger fill_reward_calendar;
      insert into auth.users (id, email) select gen_random_uuid(), 'bulk-' || g || '@example.test' from generate_series(1, 1500) g;
      -- as the database owner, vouching for the files (what verify-upload records for real uploads)
      insert into public.content_items (artist_id, title, file_path, metadata, is_public, file_verified)
        select '${A}', 'Bulk', '${A}/bulk-' || g || '.mp3', jsonb_build_object('genre', 'G' || (g % 40)), g % 3 > 0, true
        from generate_series(1, 1500) g;
      insert into public.subscriptions (fan_id, artist_id, artist_name)
        select u.id, '${A}', 'A' from auth.users u where u.email like 'bulk-%';
      do $$
      declare u uuid;
      begin
        for u in select id from auth.users where email like 'bulk-%' loop
          perform set_config('request.jwt.claims', json_build_object('sub', u, 'role', 'authenticated')::text, true);
          insert into public.media_engagement_log (user_id, event_type, metadata)
            select u, 'track_played', jsonb_build_object('content_id', '${a.open}') from generate_series(1, 4);
        end loop;
      end $$;
      insert into public.content_items (id, artist_id, title, file_path, is_public, file_verified)
        values ('${late}', '${A}', 'Late', '${A}/late.mp3', true, true);
      alter table auth.users enable trigger fill_reward_calendar;
      alter table public.subscriptions enable trigger fill_reward_calendar;
      analyze;
    `);
    const [fan] = users(1, 'probe') as [string];
    psql(storedObjectsSql([`${A}/probe.mp3`]));
    const item = randomUUID();
    const read = (uid: string, body: string) => {
      const out = psql(`begin;
        select set_config('request.jwt.claims', '${JSON.stringify({ sub: uid, role: 'authenticated' })}', true);
        set local role authenticated;
        ${body}
        reset role;
        select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0) from pg_stat_xact_user_tables
        where schemaname = 'public' and relname in ('content_items', 'content_previews', 'subscriptions', 'media_engagement_log');
        commit;`);
      return Number(out.split('\n').filter((l) => /^\d+$/.test(l)).pop());
    };
    const costs = {
      insertItem: read(A, `insert into public.content_items (id, artist_id, title, file_path, metadata, is_public, file_type, file_size)
        values ('${item}', '${A}', 'Probe', '${A}/probe.mp3', '{"genre": "Probe"}', true, ${FILE_COLS});`),
      play: read(fan, playSql(fan, late)),
      follow: read(fan, followToggleSql(fan, A)),
      unfollow: read(fan, followToggleSql(fan, A)),
      unpublishItem: read(A, `update public.content_items set is_public = false where id = '${item}';`),
      deleteItem: read(A, `update public.content_items set _deleted = true where id = '${item}';`),
    };
    console.log(`directory-postgres: rows of history tables read per write (A has ${psql(`select count(*) from public.media_engagement_log`)} plays): ${JSON.stringify(costs)}`);
    for (const [what, rows] of Object.entries(costs)) expect(rows, what).toBeLessThanOrEqual(10);
    // A read of names only (followed_content joins the view for them) computes no genres.
    const plan = psql(`explain (verbose, costs off) select d.name from public.artist_directory d where d.artist_id = '${A}'`);
    expect(plan).not.toMatch(/artist_directory_genres/);
    // Listed artists are those with a released item; the due-items count runs only for one with none counted.
    expect(plan).toMatch(/\(d\.items > 0\) OR \(private\.artist_directory_due_items\(d\.artist_id\) > 0\)/);
    const { directory, recount } = directoryAndRecount();
    expect(directory).toEqual(recount);
  });
});
