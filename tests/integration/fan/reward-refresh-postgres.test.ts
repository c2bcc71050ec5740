/**
 * The nightly refresh of reward calendars (20261129020000_reward_refresh_batches.sql) on Debian's
 * PostgreSQL: it commits after every batch, so a fan's follow during the refresh waits for one
 * batch at most, not for the whole run; and every fan ends with a full calendar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip, type RealPostgres } from '../helpers/real-postgres';
import { connector, createUsers, follow, startMigratedPostgres } from '../sync/pull-postgres';

let server: RealPostgres | undefined;
const db = connector(() => server);

beforeAll(async () => {
  if (!findPostgresBin()) throw new Error(MISSING_PG_HINT);
  server = await startMigratedPostgres();
}, 240_000);

afterAll(async () => {
  await db.end();
  server?.stop();
});

describe.skipIf(skip)('the nightly calendar refresh on real PostgreSQL', () => {
  it('commits per batch: a follow waits for one batch, not the run; every fan has 30 days', async () => {
    const admin = await db.connect();
    const [artist] = await createUsers(admin, 1, 'artist');
    const fans = await createUsers(admin, 40, 'fan');
    // Slow fills make the difference visible: every fill's first statement sleeps 50 ms.
    await admin.query(`create function private.slow_fill() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.05); return new; end $$`);
    await admin.query(`create trigger slow_fill before insert on private.reward_calendars
      for each row execute function private.slow_fill()`);
    // The refresh goes in id order: the first fan is locked at once.
    const first = [...fans].sort()[0]!;

    async function followWaitDuring(refresh: string): Promise<number> {
      const runner = await db.connect();
      const follower = await db.connect();
      const job = runner.query(refresh);
      await new Promise((r) => setTimeout(r, 300));
      const t = performance.now();
      await follow(follower, first, artist!);
      const waited = performance.now() - t;
      await job;
      await follower.query('delete from public.subscriptions where fan_id = $1', [first]); // as the owner, for the next round
      return waited;
    }
    // In one transaction (the function), the first fan's lock is held until all 41 users (≥ 2 s) are done.
    const single = await followWaitDuring('select private.refresh_reward_calendars()');
    const batched = await followWaitDuring('call private.refresh_reward_calendars_in_batches(5)');
    expect(single).toBeGreaterThan(1000);
    expect(batched).toBeLessThan(single / 2);

    const days = await admin.query(
      `select count(*)::int n, count(distinct (fan_id, day))::int distinct_days from public.daily_rewards where fan_id = any($1::uuid[])`,
      [fans],
    );
    expect(days.rows[0]).toEqual({ n: 40 * 30, distinct_days: 40 * 30 });
    await expect(admin.query('call private.refresh_reward_calendars_in_batches(0)')).rejects.toThrow(
      'batch size must be at least 1',
    );
  });
});
