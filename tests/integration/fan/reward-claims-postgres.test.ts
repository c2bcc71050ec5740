/**
 * Limited rewards and calendar generation under real concurrency, on
 * Debian's PostgreSQL with many connections — the embedded backend runs one transaction at a time
 * and cannot show any of this. Fans claim as PostgREST runs their requests (`set local role
 * authenticated`, `request.jwt.claims`, one transaction each).
 *  1. Calendars: 12 connections fill the same fans' calendars at once while their artist puts up
 *     rewards, the calendar jobs those queue run and the fans follow: every fan ends with exactly 30 days, one per day number, and no
 *     offer twice in one calendar.
 *  2. Claims: 240 fans each claim a 40-code reward and a 60-item reward twice, from two of 12
 *     connections in random order (960 claims): each reward is given at most its
 *     quantity, each fan at most once, every code to one fan only, and the server's count equals
 *     what was given; every refused claim says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip, type RealPostgres } from '../helpers/real-postgres';
import { prng } from '../helpers/prng';
import { asUser, connector, createUsers, follow, runCalendarJobs, startMigratedPostgres } from '../sync/pull-postgres';

const bin = findPostgresBin();
let server: RealPostgres | undefined;
const db = connector(() => server);
const CONNECTIONS = 12;
const FANS = 240;
const CODES = 40;
const ITEMS = 60;

beforeAll(async () => {
  if (!bin) throw new Error(MISSING_PG_HINT);
  server = await startMigratedPostgres();
}, 240_000);

afterAll(async () => {
  await db.end();
  server?.stop();
});

/** Runs `work` for every task on `n` connections at once, each taking the next task. */
async function onConnections<T>(conns: pg.Client[], tasks: T[], work: (c: pg.Client, task: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    conns.map(async (c) => {
      while (next < tasks.length) await work(c, tasks[next++]!);
    }),
  );
}

describe.skipIf(skip)('limited rewards on real PostgreSQL', () => {
  it(`calendars stay one-per-day and codes go at most once each, on ${CONNECTIONS} connections`, async () => {
    const admin = await db.connect();
    const conns = await Promise.all(Array.from({ length: CONNECTIONS }, () => db.connect()));
    const [artist] = await createUsers(admin, 1, 'artist');
    const fans = await createUsers(admin, FANS, 'fan');
    const random = prng(40);

    // 1. fills racing with follows and the artist putting up rewards
    const today = (await admin.query<{ d: string }>("select to_char(current_date, 'YYYY-MM-DD') d")).rows[0]!.d;
    const codes = Array.from({ length: CODES }, (_, i) => `CODE-${String(i).padStart(3, '0')}`);
    const putUp = (c: pg.Client, kind: string, quantity: number | null, list: string[] | null) =>
      asUser(c, artist!, (u) =>
        u.query<{ id: string }>(
          `select public.put_up_reward($1, $2, '', 0, $3, $4::date, ($4::date + 20), false, $5::text[], null) as id`,
          [kind, `${kind} reward`, quantity, today, list],
        ),
      );
    const tasks: Array<() => (c: pg.Client) => Promise<unknown>> = [];
    for (const fan of fans) {
      tasks.push(() => (c) => asUser(c, fan, (u) => follow(u, fan, artist!)));
      for (let i = 0; i < 2; i++) tasks.push(() => (c) => c.query('select private.fill_reward_calendar($1)', [fan]));
    }
    tasks.push(() => (c) => putUp(c, 'code', null, codes));
    tasks.push(() => (c) => putUp(c, 'item', ITEMS, null));
    // the calendar jobs the put-ups queue, run as pg_cron would, racing the rest
    for (let i = 0; i < 4; i++) tasks.push(() => (c) => runCalendarJobs(c));
    tasks.sort(() => random.next() - 0.5);
    await onConnections(conns, tasks, async (c, task) => void (await task()(c)));
    // fans who followed before the rewards existed get them from the put-ups' jobs; a last pass
    // stands for the daily refresh
    await runCalendarJobs(admin);
    await onConnections(
      conns,
      fans,
      async (c, fan) => void (await c.query('select private.fill_reward_calendar($1)', [fan])),
    );

    const shape = await admin.query<{ days: number; distinct_days: number; offers: number; distinct_offers: number }>(
      `select count(*)::int days, count(distinct day)::int distinct_days, count(offer_id)::int offers,
              count(distinct offer_id)::int distinct_offers
         from public.daily_rewards where fan_id = any($1::uuid[]) group by fan_id`,
      [fans],
    );
    expect(shape.rows).toHaveLength(FANS);
    for (const r of shape.rows) expect(r).toEqual({ days: 30, distinct_days: 30, offers: 2, distinct_offers: 2 });

    // 2. days pass until each fan's later reward day is today (an offer that commits while a fill
    // of the fan is under way lands on a later day: each statement of the fill sees what has
    // committed); every fan claims both reward days twice, from two connections
    await admin.query(
      `update public.daily_rewards r set unlock_date = r.unlock_date - m.last_day + 1
         from (select fan_id, max(day) last_day from public.daily_rewards
                where fan_id = any($1::uuid[]) and offer_id is not null group by fan_id) m
        where r.fan_id = m.fan_id`,
      [fans],
    );
    const claimDays = await admin.query<{ fan_id: string; day: number }>(
      'select fan_id, day from public.daily_rewards where fan_id = any($1::uuid[]) and offer_id is not null',
      [fans],
    );
    const attempts = [...claimDays.rows, ...claimDays.rows].sort(() => random.next() - 0.5);
    const refused = new Map<string, number>();
    let accepted = 0;
    await onConnections(conns, attempts, async (c, { fan_id, day }) => {
      try {
        await asUser(c, fan_id, (u) =>
          u.query('insert into public.reward_claims (fan_id, day) values ($1, $2)', [fan_id, day]),
        );
        accepted += 1;
      } catch (e) {
        const message = (e as Error).message.replace(/Day \d+/, 'Day N').replace(/"[^"]+"/, '…');
        refused.set(message, (refused.get(message) ?? 0) + 1);
      }
    });
    expect(attempts.length).toBe(FANS * 4);

    const given = await admin.query<{
      kind: string;
      quantity: number;
      claimed_count: number;
      lockers: number;
      fans: number;
    }>(
      `select o.kind, o.quantity, o.claimed_count,
              (select count(*)::int from public.locker_items i where i.id like '%|reward-' || o.id) lockers,
              (select count(distinct x.fan_id)::int from private.reward_offer_claims x where x.offer_id = o.id) fans
         from public.reward_offers o order by o.kind`,
    );
    expect(given.rows).toEqual([
      { kind: 'code', quantity: CODES, claimed_count: CODES, lockers: CODES, fans: CODES },
      { kind: 'item', quantity: ITEMS, claimed_count: ITEMS, lockers: ITEMS, fans: ITEMS },
    ]);
    expect(accepted).toBe(CODES + ITEMS);
    const handed = await admin.query<{ codes: number; holders: number; distinct_codes: number }>(
      `select count(*)::int codes, count(distinct fan_id)::int holders,
              (select count(distinct code_value)::int from public.locker_items where code_value like 'CODE-%') distinct_codes
         from private.reward_codes where fan_id is not null`,
    );
    expect(handed.rows[0]).toEqual({ codes: CODES, holders: CODES, distinct_codes: CODES });
    // every refusal is one of the two clear reasons: ran out, or this fan's day was claimed already
    expect([...refused.keys()].sort()).toEqual([
      'Day N: this reward ran out before your claim reached Bucket, so nothing was given',
      'duplicate key value violates unique constraint …',
    ]);
    expect([...refused.values()].reduce((a, b) => a + b, 0)).toBe(FANS * 4 - accepted);
  }, 600_000);
});
