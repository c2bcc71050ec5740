/**
 * Calendar jobs (20261130800000_calendar_jobs) on Debian's PostgreSQL: what reaches many fans is
 * filled by a worker, not in the request that caused it.
 *  1. A brand adding codes for consenting fans writes no fan's calendar in its own request and
 *     queues one job; a worker fills one batch of fans in id order per call and keeps its place;
 *     a second worker at the same time skips the job the first one holds; the job ends when every
 *     consenting fan it is for has the campaign; fans who said no never get it, and consenting fans
 *     of other genres are walked past, not filled (a batch is 25 of the campaign's own fans).
 *  2. No API role reads or writes the queue, runs a job or asks whom a campaign reaches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip, type RealPostgres } from '../helpers/real-postgres';
import { asUser, beginAsUser, connector, createUsers, startMigratedPostgres } from '../sync/pull-postgres';
import { createBrand } from './campaign-postgres-helpers';

const bin = findPostgresBin();
let server: RealPostgres | undefined;
const db = connector(() => server);
const CONSENTING = 60;
const OTHER_GENRE = 40;
const BATCH = 25;

beforeAll(async () => {
  if (!bin) throw new Error(MISSING_PG_HINT);
  server = await startMigratedPostgres();
}, 240_000);

afterAll(async () => {
  await db.end();
  server?.stop();
});

describe.skipIf(skip)('calendar jobs on real PostgreSQL', () => {
  it('the launch queues one job; workers fill consenting fans in batches, never twice at once', async () => {
    const admin = await db.connect();
    const brand = await createBrand(admin, 'Loop Coffee');
    const fans = await createUsers(admin, CONSENTING + 10 + OTHER_GENRE, 'fan');
    const [yes, no, jazz] = [
      fans.slice(0, CONSENTING),
      fans.slice(CONSENTING, CONSENTING + 10),
      fans.slice(CONSENTING + 10),
    ];
    await admin.query(
      `update public.media_ids set
           genre_preferences = case when user_uuid = any($3::uuid[]) then '{Jazz}'::text[] else '{Electronic}' end,
           privacy_settings = privacy_settings || jsonb_build_object('marketing_communications', not user_uuid = any($1::uuid[]))
         where user_uuid = any($2::uuid[]) and role = 'fan'`,
      [no, fans, jazz],
    );
    const filledAt = async () =>
      (
        await admin.query<{ fan_id: string; updated_at: Date }>(
          `select fan_id, max(updated_at) updated_at from public.daily_rewards where fan_id = any($1::uuid[]) group by fan_id`,
          [jazz],
        )
      ).rows;
    const jazzBefore = await filledAt();
    const brandDays = async () =>
      (
        await admin.query<{ fan_id: string }>(
          `select fan_id from public.daily_rewards where source = 'brand' and campaign_id = $1 order by fan_id`,
          [campaign],
        )
      ).rows.map((r) => r.fan_id);

    // the brand's request: the campaign and 200 codes, as PostgREST runs it
    const campaign = await asUser(admin, brand, async (u) => {
      const made = await u.query<{ id: string }>(
        `insert into public.brand_campaigns (brand_id, title, genres, budget_cents, payout_model, payout_per_code_cents,
           starts_on, ends_on) values ($1, 'Night Bus', '{Electronic}', 100000, 'per_code', 100, current_date, current_date + 40)
         returning id`,
        [brand],
      );
      await u.query(
        `insert into public.campaign_codes (campaign_id, code) select $1, 'NB-' || g from generate_series(1, 200) g`,
        [made.rows[0]!.id],
      );
      return made.rows[0]!.id;
    });
    expect(await brandDays()).toEqual([]);
    const queued = await admin.query(`select reason, ref from private.calendar_jobs`);
    expect(queued.rows).toEqual([{ reason: 'campaign', ref: campaign }]);

    // one batch per call, in fan id order, the job keeps its place
    const ordered = [...yes].sort();
    const batch = async (c = admin) =>
      (await c.query<{ n: number | null }>('select private.run_calendar_job_batch($1) n', [BATCH])).rows[0]!.n;
    expect(await batch()).toBe(BATCH);
    expect(await brandDays()).toEqual(ordered.slice(0, BATCH));
    const place = await admin.query<{ after_fan: string }>('select after_fan from private.calendar_jobs');
    expect(place.rows).toEqual([{ after_fan: ordered[BATCH - 1] }]);

    // a second worker while the first holds the job: nothing for it to take
    const [first, second] = [await db.connect(), await db.connect()];
    await first.query('begin');
    expect(await batch(first)).toBe(BATCH);
    expect(await batch(second)).toBeNull();
    await first.query('commit');
    expect(await brandDays()).toEqual(ordered.slice(0, 2 * BATCH));

    // the rest, then the job is gone; the fans who said no have no brand day
    expect(await batch()).toBe(CONSENTING - 2 * BATCH);
    expect(await batch()).toBeNull();
    expect((await admin.query('select count(*)::int n from private.calendar_jobs')).rows[0]).toEqual({ n: 0 });
    expect(await brandDays()).toEqual(ordered);
    expect(no.filter((fan) => ordered.includes(fan))).toEqual([]);
    // the consenting jazz fans were walked past: no brand day, and their calendars not filled again
    expect(await filledAt()).toEqual(jazzBefore);
  });

  it('no API role reads or writes the queue, runs a job or asks whom a campaign reaches', async () => {
    const admin = await db.connect();
    const [fan] = await createUsers(admin, 1, 'fan');
    const attempts: Record<string, string> = {
      read: 'select * from private.calendar_jobs',
      write: `insert into private.calendar_jobs (reason, ref) values ('campaign', gen_random_uuid())`,
      queue: `select private.queue_calendar_job('campaign', gen_random_uuid())`,
      batch: 'select private.run_calendar_job_batch(50)',
      run: 'call private.run_calendar_jobs(50)',
      // whom a campaign is for: no probing of other fans' genres or follows through it
      reaches: 'select private.campaign_reaches_fan(null::public.brand_campaigns, gen_random_uuid())',
    };
    for (const role of ['authenticated', 'anon']) {
      for (const [name, sql] of Object.entries(attempts)) {
        await beginAsUser(admin, fan!);
        if (role === 'anon') await admin.query('set local role anon');
        const outcome = await admin.query(sql).then(
          () => 'ran',
          (e: Error) => e.message,
        );
        await admin.query('rollback');
        expect(outcome, `${role} ${name}`).toMatch(/permission denied/);
      }
    }
  });
});
