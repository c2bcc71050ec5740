/**
 * A brand stops its campaign while fans claim it (20261130100000) on Debian's PostgreSQL with many
 * connections — the embedded backend runs one transaction at a time and cannot show this.
 * Requests run as PostgREST runs them (`set local role authenticated`, `request.jwt.claims`).
 * 240 consenting fans hold a claimable day of a campaign with codes for all of them, 40 more have
 * it on a future day. The fans claim from 12 connections in random order; once a third have been
 * accepted the brand stops the campaign on its own connection. Then: every claim accepted is one
 * the stop counted (none succeeds after the stop commits), every claim begun after the stop
 * returned is refused with the stop's message, no code is given twice, codes already claimed stay,
 * and the fans with a future day no longer have it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip, type RealPostgres } from '../helpers/real-postgres';
import { prng } from '../helpers/prng';
import { asUser, connector, createUsers, runCalendarJobs, startMigratedPostgres } from '../sync/pull-postgres';
import { createBrand, launch, onConnections } from './campaign-postgres-helpers';

const bin = findPostgresBin();
let server: RealPostgres | undefined;
const db = connector(() => server);
const CONNECTIONS = 12;
const CLAIMING = 240;
const WAITING = 40;
const STOPPED = 'Day N: the brand stopped this campaign before your claim reached Bucket, so nothing was given';

beforeAll(async () => {
  if (skip || !bin) return;
  server = await startMigratedPostgres();
}, 240_000);

afterAll(async () => {
  await db.end();
  server?.stop();
});

describe.skipIf(skip)('stopping a campaign on real PostgreSQL', () => {
  it.skipIf(!bin)(
    `no claim succeeds after the stop commits, ${CLAIMING} claims on ${CONNECTIONS} connections`,
    async () => {
      if (!bin) throw new Error(MISSING_PG_HINT);
      const admin = await db.connect();
      const stopper = await db.connect();
      const conns = await Promise.all(Array.from({ length: CONNECTIONS }, () => db.connect()));
      const random = prng(97);
      const brand = await createBrand(admin, 'Loop Coffee');
      const fans = await createUsers(admin, CLAIMING + WAITING, 'fan');
      await admin.query(
        `update public.media_ids set genre_preferences = '{Electronic}',
           privacy_settings = privacy_settings || '{"marketing_communications": true}'
         where user_uuid = any($1::uuid[]) and role = 'fan'`,
        [fans],
      );
      const id = await launch(admin, brand, 'STOP', CLAIMING + WAITING, 100, 10_000_000);
      const claiming = fans.slice(0, CLAIMING);
      const waiting = fans.slice(CLAIMING);
      // ten days pass for the claiming fans: their campaign day is claimable; the others' stays ahead
      await admin.query(
        'update public.daily_rewards set unlock_date = unlock_date - 10 where fan_id = any($1::uuid[])',
        [claiming],
      );
      const days = await admin.query<{ fan_id: string; day: number }>(
        'select fan_id, day from public.daily_rewards where fan_id = any($1::uuid[]) and campaign_id = $2',
        [claiming, id],
      );
      expect(days.rows).toHaveLength(CLAIMING);
      const waitingDays =
        'select count(*)::int n from public.daily_rewards where fan_id = any($1::uuid[]) and campaign_id = $2';
      expect((await admin.query(waitingDays, [waiting, id])).rows[0]).toEqual({ n: WAITING });

      const attempts = [...days.rows].sort(() => random.next() - 0.5);
      const refused = new Map<string, number>();
      const lateOutcomes: string[] = []; // claims begun after the stop returned
      let accepted = 0;
      let stopReturnedAt = Infinity;
      let stop: Promise<{ claims: number; stopped_at: string }> | undefined;
      await onConnections(conns, attempts, async (c, { fan_id, day }) => {
        if (!stop && accepted >= CLAIMING / 3) {
          stop = asUser(stopper, brand, (u) => u.query('select public.campaign_stop($1) r', [id])).then((r) => {
            stopReturnedAt = performance.now();
            return r.rows[0].r as { claims: number; stopped_at: string };
          });
        }
        const began = performance.now();
        let outcome = 'ok';
        try {
          await asUser(c, fan_id, (u) =>
            u.query('insert into public.reward_claims (fan_id, day) values ($1, $2)', [fan_id, day]),
          );
          accepted += 1;
        } catch (e) {
          outcome = (e as Error).message.replace(/Day \d+/, 'Day N');
          refused.set(outcome, (refused.get(outcome) ?? 0) + 1);
        }
        if (began > stopReturnedAt) lateOutcomes.push(outcome);
      });
      const stopped = await stop!;
      // the figures, for the record: accepted before the stop, refused after it, begun after it returned
      console.info(
        `stop: ${stopped.claims} claims counted, ${accepted} accepted, ${CLAIMING - accepted} refused, ${lateOutcomes.length} begun after the stop returned`,
      );

      // the stop came mid-stream: some claims before it, many after
      expect(stopped.claims).toBeGreaterThanOrEqual(CLAIMING / 3);
      expect(stopped.claims).toBeLessThan(CLAIMING);
      // every accepted claim committed before the stop: the stop's count is the final count
      expect(accepted).toBe(stopped.claims);
      expect(lateOutcomes.length).toBeGreaterThan(0);
      expect(new Set(lateOutcomes)).toEqual(new Set([STOPPED]));
      expect([...refused.keys()]).toEqual([STOPPED]);
      expect(refused.get(STOPPED)).toBe(CLAIMING - accepted);

      const totals = await admin.query(
        `select c.claimed_count, c.stopped_at is not null stopped,
           (select count(*)::int from public.campaign_codes k where k.campaign_id = c.id and k.taken) taken,
           (select count(*)::int from private.campaign_claims x where x.campaign_id = c.id) claims,
           (select count(distinct x.code_id)::int from private.campaign_claims x where x.campaign_id = c.id) codes,
           (select count(distinct i.code_value)::int from public.locker_items i where i.id like '%|campaign-' || c.id) lockers
         from public.brand_campaigns c where c.id = $1`,
        [id],
      );
      expect(totals.rows[0]).toEqual({
        claimed_count: accepted,
        stopped: true,
        taken: accepted,
        claims: accepted,
        codes: accepted,
        lockers: accepted,
      });
      // the calendar job the stop queued takes the future days off the waiting fans' calendars
      expect((await admin.query(waitingDays, [waiting, id])).rows[0]!.n).toBeGreaterThan(0);
      await runCalendarJobs(admin);
      expect((await admin.query(waitingDays, [waiting, id])).rows[0]).toEqual({ n: 0 });
      const status = await asUser(admin, brand, (u) =>
        u.query('select status from public.my_campaigns() where id = $1', [id]),
      );
      expect(status.rows).toEqual([{ status: 'stopped' }]);
    },
    600_000,
  );
});
