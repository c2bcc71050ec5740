/**
 * Several delivery workers on Debian's PostgreSQL, each on its own connection (the embedded
 * backend runs one transaction at a time, so it cannot show this): revocations by many fans put
 * one permission.revoked per endpoint in the outbox, and four workers running the delivery
 * handler side by side (webhook_outbox_claim: skip locked + lease) send each message exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { listMigrations, PLATFORM_SQL_PATH, SEED_PATH } from '../../../supabase/local/db/database';
import { deliverDue, type OutboxStore } from '../../../supabase/functions/deliver-webhooks/handler.ts';
import { signWithStandardWebhooks } from '../../../supabase/local/webhooks/delivery';
import { pinnedTransport, systemResolver } from '../../../supabase/local/webhooks/transport';
import {
  findPostgresBin,
  MISSING_PG_HINT,
  SKIP_REAL_PG as skip,
  startRealPostgres,
  type RealPostgres,
} from '../helpers/real-postgres';
import { startReceiver, type Receiver } from './receiver';

const bin = findPostgresBin();
let server: RealPostgres | undefined;
let rcv: Receiver | undefined;
const clients: pg.Client[] = [];
const CLIENT_ID = 'bkt_concurrent-hooks-app-000';
const FANS = 12;

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ host: server!.dir, port: server!.port, user: 'postgres', database: 'postgres' });
  await c.connect();
  clients.push(c);
  return c;
}

/** The outbox through one connection acting as the service role (what PostgREST does for it). */
async function pgOutbox(): Promise<OutboxStore> {
  const c = await connect();
  await c.query('set role service_role');
  return {
    claim: async (limit, lease) =>
      (
        await c.query(
          'select id::text, webhook_id::text, url, secret, event_type, payload, attempts, created_at::text from public.webhook_outbox_claim($1, $2)',
          [limit, lease],
        )
      ).rows,
    record: async (id, status, error, refused = false) => {
      await c.query('select public.webhook_outbox_record($1, $2, $3, $4)', [id, status, error, refused]);
    },
  };
}

async function asUser(c: pg.Client, uid: string, sql: string, params: unknown[] = []): Promise<void> {
  await c.query('begin');
  await c.query("select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)", [
    JSON.stringify({ sub: uid, role: 'authenticated', aud: 'authenticated' }),
    uid,
  ]);
  await c.query('set local role authenticated');
  await c.query(sql, params);
  await c.query('commit');
}

beforeAll(async () => {
  if (!bin) throw new Error(MISSING_PG_HINT);
  server = await startRealPostgres();
  server.psql(readFileSync(PLATFORM_SQL_PATH, 'utf8'));
  for (const m of listMigrations()) server.psql(`begin;\n${m.sql}\ncommit;`);
  server.psql(readFileSync(SEED_PATH, 'utf8'));
  rcv = await startReceiver();
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  await rcv?.close();
  server?.stop();
});

describe.skipIf(skip)('concurrent delivery workers (real PostgreSQL)', () => {
  it('four workers send each permission.revoked exactly once, to the right endpoint, signed', async () => {
    const c = await connect();
    const dev = randomUUID();
    await c.query('insert into auth.users (id, email) values ($1, $2)', [dev, `${dev}@example.test`]);
    await asUser(c, dev, "insert into public.media_ids (user_uuid, role) values ($1, 'developer')", [dev]);
    // as the register-app function does (service role): users cannot insert apps
    await c.query('begin');
    await c.query('set local role service_role');
    await c.query(
      `insert into public.developer_apps (id, owner_id, client_id, name, client_secret_hash, redirect_uris, scopes)
       values ($1, $2, $3, 'Hooks', repeat('a', 64), '{https://hooks.example.test/cb}', '{preferences:read}')`,
      [randomUUID(), dev, CLIENT_ID],
    );
    await c.query('commit');
    const paths = ['/a', '/b', '/c'];
    for (const p of paths) {
      await asUser(c, dev, 'insert into public.developer_webhooks (client_id, url) values ($1, $2)', [
        CLIENT_ID,
        rcv!.url(p),
      ]);
    }
    const secrets = new Map<string, string>(
      (await c.query('select url, secret from public.developer_webhooks')).rows.map(
        (r: { url: string; secret: string }) => [new URL(r.url).pathname, r.secret],
      ),
    );
    const fans: string[] = [];
    for (let i = 0; i < FANS; i++) {
      const uid = randomUUID();
      fans.push(uid);
      await c.query('insert into auth.users (id, email) values ($1, $2)', [uid, `${uid}@example.test`]);
      await asUser(c, uid, "insert into public.media_ids (user_uuid, role) values ($1, 'fan')", [uid]);
      await asUser(
        c,
        uid,
        "insert into public.mediaid_grants (user_id, client_id, role, scopes) values ($1, $2, 'fan', '{preferences:read}')",
        [uid, CLIENT_ID],
      );
      await asUser(c, uid, 'update public.mediaid_grants set revoked_at = now() where client_id = $1', [CLIENT_ID]);
      await asUser(c, uid, 'update public.mediaid_grants set revoked_at = now() where client_id = $1', [CLIENT_ID]); // again: nothing more
    }
    expect(Number((await c.query('select count(*) from public.webhook_outbox')).rows[0].count)).toBe(
      FANS * paths.length,
    );

    rcv!.respond(() => new Promise((ok) => setTimeout(() => ok(200), 25)));
    const workers = await Promise.all([pgOutbox(), pgOutbox(), pgOutbox(), pgOutbox()]);
    const results = await Promise.all(
      workers.map((store) =>
        deliverDue({
          store,
          sign: signWithStandardWebhooks,
          resolve: systemResolver,
          send: pinnedTransport,
          loopback: { refusedPorts: [] },
          concurrency: 2,
        }),
      ),
    );
    const attempted = results.flat();
    expect(attempted).toHaveLength(FANS * paths.length);
    expect(new Set(attempted.map((a) => a.id)).size).toBe(FANS * paths.length);
    expect(results.filter((r) => r.length > 0).length).toBeGreaterThan(1); // the work really was shared

    expect(rcv!.received).toHaveLength(FANS * paths.length);
    expect(new Set(rcv!.received.map((r) => r.headers['webhook-id'])).size).toBe(FANS * paths.length);
    for (const p of paths) {
      const got = rcv!.on(p);
      const users = got.map((r) => {
        const body = new Webhook(secrets.get(p)!).verify(r.body, r.headers as Record<string, string>) as {
          type: string;
          data: { user_id: string };
        };
        expect(body.type).toBe('permission.revoked');
        return body.data.user_id;
      });
      expect(users.sort()).toEqual([...fans].sort()); // one per fan per endpoint
    }
    const state = (
      await c.query(
        'select count(*) filter (where delivered_at is not null and attempts = 1 and last_status = 200) as ok, count(*) as n from public.webhook_outbox',
      )
    ).rows[0];
    expect(Number(state.ok)).toBe(FANS * paths.length);
  });
});
