/**
 * Devices pulling from a real PostgreSQL (tests/integration/helpers/real-postgres.ts) through
 * `sync_pull` as PostgREST runs it: one transaction per request, `set local role authenticated`,
 * `request.jwt.claims`. A device keeps its checkpoint as RxDB does (stacked with Object.assign,
 * and only when a page brought documents), its local copy, and every row version it received.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { listMigrations, PLATFORM_SQL_PATH, SEED_PATH } from '../../../supabase/local/db/database';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres';

export type Row = Record<string, unknown>;

/** A fresh cluster with the platform pieces, every migration and the seed. */
export async function startMigratedPostgres(): Promise<RealPostgres> {
  const server = await startRealPostgres();
  server.psql(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
  for (const m of listMigrations()) server.psql(`begin;\n${m.sql}\ncommit;`);
  server.psql(readFileSync(SEED_PATH, 'utf8'));
  return server;
}

export function connector(server: () => RealPostgres | undefined) {
  const clients: pg.Client[] = [];
  return {
    async connect(): Promise<pg.Client> {
      const s = server()!;
      const c = new pg.Client({ host: s.dir, port: s.port, user: 'postgres', database: 'postgres' });
      await c.connect();
      clients.push(c);
      return c;
    },
    end: () => Promise.all(clients.map((c) => c.end().catch(() => undefined))),
  };
}

const claims = (uid: string) => JSON.stringify({ sub: uid, role: 'authenticated', aud: 'authenticated' });

/** Opens a transaction as the user, as PostgREST opens a request's (the caller commits or rolls back). */
export async function beginAsUser(c: pg.Client, uid: string): Promise<void> {
  await c.query('begin');
  await c.query("select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)", [
    claims(uid),
    uid,
  ]);
  await c.query('set local role authenticated');
}

/** Runs `body` in one transaction as the user, as PostgREST runs a request. */
export async function asUser<T>(
  c: pg.Client,
  uid: string,
  body: (c: pg.Client) => Promise<T>,
  rollback = false,
): Promise<T> {
  await beginAsUser(c, uid);
  try {
    const out = await body(c);
    await c.query(rollback ? 'rollback' : 'commit');
    return out;
  } catch (e) {
    await c.query('rollback').catch(() => undefined);
    throw e;
  }
}

export async function createUsers(c: pg.Client, n: number, role: 'artist' | 'fan'): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  for (const id of ids) {
    await c.query('insert into auth.users (id, email) values ($1, $2)', [id, `${role}-${id}@example.test`]);
    await asUser(c, id, async (u) => {
      await u.query('insert into public.profiles (id, display_name, role) values ($1, $2, $3)', [
        id,
        `${role} ${id.slice(0, 4)}`,
        role,
      ]);
      await u.query('insert into public.media_ids (user_uuid, role) values ($1, $2)', [id, role]);
    });
  }
  return ids;
}

/**
 * Runs every queued calendar job to its end, as pg_cron does (private.run_calendar_jobs commits
 * per batch, so `c` must not be inside a transaction).
 */
export const runCalendarJobs = (c: pg.Client) => c.query('call private.run_calendar_jobs(50)');

/** A follow (or its toggle) of `artist` by `fan`, in the caller's transaction. */
export const follow = (c: pg.Client, fan: string, artist: string) =>
  c.query<{ id: string }>(
    `insert into public.subscriptions (id, fan_id, artist_id, artist_name) values ($1, $2, $3, 'x')
     on conflict (fan_id, artist_id) do update set _deleted = not subscriptions._deleted, tier = 'free' returning id`,
    [`${fan}|${artist}`, fan, artist],
  );

/** A device: its checkpoint and its local copy of one collection. */
export interface Device {
  uid: string;
  collection: string;
  rows: Map<string, Row>;
  seen: Set<string>;
  duplicates: string[];
  cp: Record<string, unknown> | undefined;
}

export const device = (uid: string, collection: string): Device => ({
  uid,
  collection,
  rows: new Map(),
  seen: new Set(),
  duplicates: [],
  cp: undefined,
});

/** Receives rows; a duplicate is the same row version (content, with its sources' txids) received twice. */
export function take(d: Device, rows: Row[]): void {
  for (const r of rows) {
    const key = `${String(r.id)}@${JSON.stringify(r)}`;
    if (d.seen.has(key)) d.duplicates.push(`${String(r.id)}@${String(r._txid)}`);
    d.seen.add(key);
    d.rows.set(String(r.id), r);
  }
}

/** One page through sync_pull with the device's checkpoint, kept as RxDB keeps it. */
export async function pullSnapshot(c: pg.Client, d: Device, limit = 50): Promise<{ got: number }> {
  const { rows } = await asUser(c, d.uid, (u) =>
    u.query<{ r: { rows: Row[]; checkpoint: Row } }>('select public.sync_pull($1, $2::jsonb, $3) as r', [
      d.collection,
      d.cp ? JSON.stringify(d.cp) : null,
      limit,
    ]),
  );
  const page = rows[0]!.r;
  take(d, page.rows);
  // RxDB drops the checkpoint of an empty page and stacks the others (Object.assign).
  if (page.rows.length > 0) d.cp = { ...d.cp, ...page.checkpoint };
  return { got: page.rows.length };
}

/** One pull cycle as RxDB runs it: pages until a short one. */
export async function pullCycle(c: pg.Client, d: Device, limit = 50): Promise<void> {
  for (let i = 0; i < 10_000; i++) if ((await pullSnapshot(c, d, limit)).got < limit) return;
  throw new Error(`device of ${d.uid} never finished a pull cycle on ${d.collection}`);
}

/** One page through the horizon protocol (sync_pull(text, text, text, integer), `{txid, id}` checkpoints). */
export async function pullTxid(c: pg.Client, d: Device, limit = 50): Promise<{ got: number; held: boolean }> {
  const cp = d.cp && typeof d.cp.txid === 'string' ? d.cp : undefined;
  const { rows } = await asUser(c, d.uid, (u) =>
    u.query<{ r: { rows: Row[]; held: boolean } }>('select public.sync_pull($1, $2, $3, $4) as r', [
      d.collection,
      cp?.txid ?? '0',
      cp?.id ?? '',
      limit,
    ]),
  );
  const page = rows[0]!.r;
  take(d, page.rows);
  const last = page.rows[page.rows.length - 1];
  if (last) d.cp = { txid: String(last._txid), id: String(last.id) };
  return { got: page.rows.length, held: page.held };
}

/** What the user may read now, as the user (of content items: their own, as a device keeps). */
export async function readable(c: pg.Client, d: Device): Promise<Map<string, Row>> {
  const own = d.collection === 'content_items' ? 'where t.artist_id = auth.uid()' : '';
  const sources =
    d.collection === 'followed_content'
      ? `, '_preview_txid', t._preview_txid::text, '_subscription_txid', t._subscription_txid::text`
      : '';
  const { rows } = await asUser(c, d.uid, (u) =>
    u.query<{ r: Row }>(
      `select to_jsonb(t) || jsonb_build_object('_txid', t._txid::text${sources}) as r from public.${d.collection} t ${own}`,
    ),
  );
  return new Map(rows.map(({ r }) => [String(r.id), r]));
}
