/**
 * Revocation racing API calls, on Debian's PostgreSQL with several connections (the embedded
 * backend runs one transaction at a time). The claim (migration 20261127600000_mediaid_api): no
 * API call succeeds after the revocation committed. Each call finds its grant with one UPDATE of
 * the grant row, so:
 *  1. a call holding the row makes the revocation wait until the call's transaction has ended;
 *  2. a call arriving while a revocation is uncommitted waits, then is refused (invalid_token);
 *  3. under load (6 callers in a loop, calls with and without sleeps before commit), the calls that
 *     committed — an access-log row each — are exactly those counted by the revoking transaction
 *     right after its UPDATE: none commits between the revocation and its commit, or after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { listMigrations, PLATFORM_SQL_PATH, SEED_PATH } from '../../../supabase/local/db/database';
import {
  findPostgresBin,
  MISSING_PG_HINT,
  SKIP_REAL_PG as skip,
  startRealPostgres,
  type RealPostgres,
} from '../helpers/real-postgres';

const bin = findPostgresBin();
let server: RealPostgres | undefined;
const clients: pg.Client[] = [];
const CLIENT_ID = 'bkt_race-test-app-0000000000';

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ host: server!.dir, port: server!.port, user: 'postgres', database: 'postgres' });
  await c.connect();
  clients.push(c);
  return c;
}

beforeAll(async () => {
  if (!bin) throw new Error(MISSING_PG_HINT);
  server = await startRealPostgres();
  server.psql(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
  for (const m of listMigrations()) server.psql(`begin;\n${m.sql}\ncommit;`);
  server.psql(readFileSync(SEED_PATH, 'utf8'));
  // The app, as the register-app function writes it (service role; signed-in users cannot insert).
  const c = await connect();
  const dev = randomUUID();
  await c.query('insert into auth.users (id, email) values ($1, $2)', [dev, `${dev}@example.test`]);
  await asUser(c, dev, "insert into public.media_ids (user_uuid, role) values ($1, 'developer')", [dev]);
  await c.query(
    `insert into public.developer_apps (id, owner_id, client_id, name, client_secret_hash, redirect_uris, scopes)
    values ($1, $3, $2, 'Race', repeat('a', 64), '{https://race.example.test/cb}', '{preferences:read}')`,
    [randomUUID(), CLIENT_ID, dev],
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  server?.stop();
});

const claims = (uid: string) => JSON.stringify({ sub: uid, role: 'authenticated', aud: 'authenticated' });

/** Begins a transaction as PostgREST does for the user. */
async function begin(c: pg.Client, uid: string): Promise<void> {
  await c.query('begin');
  await c.query("select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)", [
    claims(uid),
    uid,
  ]);
  await c.query('set local role authenticated');
}

/** Begins a transaction as PostgREST does for the mediaid-api function (the service role). */
async function beginAsApi(c: pg.Client): Promise<void> {
  await c.query('begin');
  await c.query('set local role service_role');
}

/** One MediaID API call with the app's access token, as mediaid-api makes it. */
const apiCall = (c: pg.Client, token: string) => c.query("select public.mediaid_call($1, 'get_preferences')", [token]);

async function asUser(c: pg.Client, uid: string, sql: string, params: unknown[] = []): Promise<void> {
  await begin(c, uid);
  await c.query(sql, params);
  await c.query('commit');
}

/** A fan who granted the app, and the app's MediaID access token (in an Auth session whose id = the user's). */
async function grantedFan(c: pg.Client): Promise<{ uid: string; token: string }> {
  const uid = randomUUID();
  await c.query('insert into auth.users (id, email) values ($1, $2)', [uid, `${uid}@example.test`]);
  await c.query('insert into auth.sessions (id, user_id) values ($1, $1)', [uid]);
  await asUser(c, uid, "insert into public.media_ids (user_uuid, role) values ($1, 'fan')", [uid]);
  await asUser(
    c,
    uid,
    "insert into public.mediaid_grants (user_id, client_id, role, scopes) values ($1, $2, 'fan', '{preferences:read}')",
    [uid, CLIENT_ID],
  );
  const issued = await c.query('select private.mediaid_issue(gen_random_uuid(), $1, $2, $2) as pair', [CLIENT_ID, uid]);
  return { uid, token: (issued.rows[0] as { pair: { access_token: string } }).pair.access_token };
}

const logged = async (c: pg.Client, uid: string) =>
  Number((await c.query('select count(*) from public.mediaid_access_log where user_id = $1', [uid])).rows[0].count);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skip)('revocation racing API calls (real PostgreSQL)', () => {
  it('a call in progress holds the revocation back until it has ended', async () => {
    const [admin, caller, user] = [await connect(), await connect(), await connect()];
    const { uid, token } = await grantedFan(admin);
    await beginAsApi(caller);
    await apiCall(caller, token);
    const started = Date.now();
    const revoking = (async () => {
      await begin(user, uid);
      await user.query('update public.mediaid_grants set revoked_at = now() where client_id = $1', [CLIENT_ID]);
      const seen = await logged(user, uid); // as the revoking transaction sees it, after its UPDATE
      await user.query('commit');
      return { waited: Date.now() - started, seen };
    })();
    await sleep(400);
    await caller.query('commit');
    const r = await revoking;
    expect(r.waited).toBeGreaterThanOrEqual(350);
    expect(r.seen).toBe(1); // the call committed before the revocation could
  });

  it('a call arriving during an uncommitted revocation waits, then is refused', async () => {
    const [admin, caller, user] = [await connect(), await connect(), await connect()];
    const { uid, token } = await grantedFan(admin);
    await begin(user, uid);
    await user.query('update public.mediaid_grants set revoked_at = now() where client_id = $1', [CLIENT_ID]);
    const calling = (async () => {
      await beginAsApi(caller);
      try {
        await apiCall(caller, token);
        await caller.query('commit');
        return 'ok';
      } catch (e) {
        await caller.query('rollback');
        return (e as Error).message;
      }
    })();
    await sleep(300);
    await user.query('commit');
    expect(await calling).toBe('invalid_token');
    expect(await logged(admin, uid)).toBe(0);
  });

  it('under load, no call commits after the revocation', async () => {
    const admin = await connect();
    const callers = await Promise.all(Array.from({ length: 6 }, () => connect()));
    const user = await connect();
    for (let round = 0; round < 5; round += 1) {
      const { uid, token } = await grantedFan(admin);
      let stop = false;
      const outcomes = { ok: 0, refused: 0 };
      const loops = callers.map(async (c, i) => {
        while (!stop) {
          await beginAsApi(c);
          try {
            await apiCall(c, token);
            if (i % 2 === 0) await c.query('select pg_sleep(0.02)'); // a slow client holds its transaction open
            await c.query('commit');
            outcomes.ok += 1;
          } catch (e) {
            await c.query('rollback');
            expect((e as Error).message).toBe('invalid_token');
            outcomes.refused += 1;
            await sleep(5);
          }
        }
      });
      await sleep(60 + round * 20);
      await begin(user, uid);
      await user.query('update public.mediaid_grants set revoked_at = now() where client_id = $1', [CLIENT_ID]);
      const atRevoke = await logged(user, uid);
      await user.query('commit');
      await sleep(80);
      stop = true;
      await Promise.all(loops);
      expect(outcomes.ok).toBeGreaterThan(0);
      expect(outcomes.refused).toBeGreaterThan(0);
      expect(await logged(admin, uid)).toBe(atRevoke);
      expect(outcomes.ok).toBe(atRevoke);
    }
  }, 60_000);
});
