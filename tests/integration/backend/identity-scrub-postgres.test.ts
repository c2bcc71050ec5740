/**
 * Migration 20261127100000_artist_profiles on real PostgreSQL, over data made before it: accounts
 * whose name is their e-mail (or contains it, or is its local part, or is any address) are
 * cleared to the neutral placeholder everywhere a fan could read a name — the directory, content
 * previews, followed content and the fans' subscription rows — while chosen names stay.
 * Fails with an install hint when PostgreSQL is missing, unless BUCKET_SKIP_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { listMigrations, PLATFORM_SQL_PATH } from '../../../supabase/local/db/database';
import {
  findPostgresBin,
  MISSING_PG_HINT,
  SKIP_REAL_PG as skip,
  startRealPostgres,
  type RealPostgres,
} from '../helpers/real-postgres';

const MIGRATION = '20261127100000';
let pg: RealPostgres | undefined;
const psql = (sql: string) => pg!.psql(sql);
const as = (uid: string, body: string) =>
  `begin;\nselect set_config('request.jwt.claims', '${JSON.stringify({ sub: uid, role: 'authenticated' })}', true);\nset local role authenticated;\n${body}\ncommit;`;

const artists = {
  email: { id: randomUUID(), email: 'echo.vale@example.test', name: 'echo.vale@example.test' },
  contains: { id: randomUUID(), email: 'ivy.stone@example.test', name: 'Ivy (IVY.STONE@example.test)' },
  local: { id: randomUUID(), email: 'rook.ash@example.test', name: 'rook.ash' },
  other: { id: randomUUID(), email: 'mira@example.test', name: 'bookings@label.example' },
  chosen: { id: randomUUID(), email: 'kai@example.test', name: 'Kai Marlow' },
};
const fan = randomUUID();

beforeAll(async () => {
  if (!findPostgresBin()) throw new Error(MISSING_PG_HINT);
  pg = await startRealPostgres();
  psql(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
  const migrations = listMigrations();
  for (const m of migrations.filter((m) => m.version < MIGRATION)) psql(`begin;\n${m.sql}\ncommit;`);
  // Accounts made by the old client: display_name = what it wrote (the e-mail, for most).
  const list = Object.values(artists);
  psql(
    `insert into auth.users (id, email) values ${list.map((a) => `('${a.id}', '${a.email}')`).join(', ')}, ('${fan}', 'fan@example.test');`,
  );
  for (const a of list) {
    psql(
      as(
        a.id,
        `
      insert into public.profiles (id, display_name, role) values ('${a.id}', '${a.name}', 'artist');
      insert into public.media_ids (user_uuid, role) values ('${a.id}', 'artist');
      insert into public.content_items (artist_id, title, file_path, is_public) values ('${a.id}', 'Song', '${a.id}/song.mp3', true);`,
      ),
    );
    psql(
      as(
        fan,
        `insert into public.subscriptions (fan_id, artist_id, artist_name) values ('${fan}', '${a.id}', '${a.name}');`,
      ),
    );
  }
  for (const m of migrations.filter((m) => m.version >= MIGRATION)) psql(`begin;\n${m.sql}\ncommit;`);
  // Only items whose file the server verified are released (20261128200000_upload_verification):
  // the database owner vouches for these, as verify-upload's sweep would record for real files.
  psql(`update public.content_items set file_verified = true;`);
});

afterAll(() => {
  pg?.stop();
});

describe.skipIf(skip)('existing e-mail names are scrubbed by the migration', () => {
  it('every public surface shows the placeholder for e-mail names and keeps chosen names', () => {
    if (!pg) throw new Error(MISSING_PG_HINT);
    const rows = (sql: string) =>
      Object.fromEntries(
        psql(as(fan, sql))
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split('|') as [string, string]),
      );
    const expected = {
      [artists.email.id]: 'Unnamed artist',
      [artists.contains.id]: 'Unnamed artist',
      [artists.local.id]: 'Unnamed artist',
      [artists.other.id]: 'Unnamed artist',
      [artists.chosen.id]: 'Kai Marlow',
    };
    expect(rows('select artist_id, name from public.artist_directory;')).toEqual(expected);
    expect(rows('select distinct artist_id, artist_name from public.content_previews;')).toEqual(expected);
    expect(rows('select distinct artist_id, artist_name from public.followed_content;')).toEqual(expected);
    expect(rows(`select artist_id, artist_name from public.subscriptions where artist_id <> 'bti';`)).toEqual(expected);
    expect(rows('select artist_id, name from public.artist_profiles;')).toEqual(expected);
    // …and the owners' own rows no longer hold the e-mail either.
    const names = psql(`select coalesce(display_name, '<null>') from public.profiles order by 1;`).split('\n');
    expect(names).toEqual(['<null>', '<null>', '<null>', '<null>', 'Kai Marlow']);
  });
});
