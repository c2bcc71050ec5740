/**
 * Campaign codes under real concurrency on Debian's PostgreSQL with many
 * connections — the embedded backend runs one transaction at a time and cannot show any of this.
 * Requests run as PostgREST runs them (`set local role authenticated`, `request.jwt.claims`).
 *  1. 400 consenting fans; a brand launches a code-limited campaign (150 codes) and a
 *     budget-limited one (300 codes, $2.50 a code, $500 budget = 200 claims). Every fan claims
 *     both brand days twice from random connections among 12 (1,600 claims): each code goes to
 *     at most one fan, each fan gets at most one code per campaign, the budget is spent exactly and
 *     never passed, and every refusal says why.
 *  2. The rules hold without RETURNING (hosted PostgREST's return=minimal): another brand and a fan
 *     cannot add codes to the campaign; the brand reads no assignment and writes no server-owned column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip, type RealPostgres } from '../helpers/real-postgres';
import { prng } from '../helpers/prng';
import { asUser, connector, createUsers, startMigratedPostgres } from '../sync/pull-postgres';
import { createBrand, launch, onConnections } from './campaign-postgres-helpers';

const bin = findPostgresBin();
let server: RealPostgres | undefined;
const db = connector(() => server);
const CONNECTIONS = 12;
const FANS = 400;

beforeAll(async () => {
  if (!bin) throw new Error(MISSING_PG_HINT);
  server = await startMigratedPostgres();
}, 240_000);

afterAll(async () => {
  await db.end();
  server?.stop();
});

describe.skipIf(skip)('campaign codes on real PostgreSQL', () => {
  it(`a code goes to one fan at most and the budget is never passed, ${FANS * 4} claims on ${CONNECTIONS} connections`, async () => {
    const admin = await db.connect();
    const conns = await Promise.all(Array.from({ length: CONNECTIONS }, () => db.connect()));
    const random = prng(41);
    const brand = await createBrand(admin, 'Loop Coffee');
    const fans = await createUsers(admin, FANS, 'fan');
    await admin.query(
      `update public.media_ids set genre_preferences = '{Electronic}',
           privacy_settings = privacy_settings || '{"marketing_communications": true}'
         where user_uuid = any($1::uuid[]) and role = 'fan'`,
      [fans],
    );
    const byCodes = await launch(admin, brand, 'CODES', 150, 100, 1_000_000);
    const byBudget = await launch(admin, brand, 'BUDGET', 300, 250, 50_000);

    const shape = await admin.query<{ n: number }>(
      `select count(*)::int n from public.daily_rewards where fan_id = any($1::uuid[]) and campaign_id is not null
         group by fan_id`,
      [fans],
    );
    expect(shape.rows).toHaveLength(FANS);
    expect(shape.rows.every((r) => r.n === 2)).toBe(true);

    // ten days pass; every fan claims both brand days twice, from two connections
    await admin.query('update public.daily_rewards set unlock_date = unlock_date - 10 where fan_id = any($1::uuid[])', [
      fans,
    ]);
    const days = await admin.query<{ fan_id: string; day: number }>(
      'select fan_id, day from public.daily_rewards where fan_id = any($1::uuid[]) and campaign_id is not null',
      [fans],
    );
    const attempts = [...days.rows, ...days.rows].sort(() => random.next() - 0.5);
    expect(attempts).toHaveLength(FANS * 4);
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

    const totals = await admin.query(
      `select c.title, c.code_count, c.claimed_count, c.spent_cents::int spent, c.budget_cents::int budget,
           (select count(*)::int from public.campaign_codes k where k.campaign_id = c.id and k.taken) taken,
           (select count(*)::int from private.campaign_claims x where x.campaign_id = c.id) claims,
           (select count(distinct x.fan_id)::int from private.campaign_claims x where x.campaign_id = c.id) fans,
           (select count(distinct x.code_id)::int from private.campaign_claims x where x.campaign_id = c.id) codes,
           (select count(distinct i.code_value)::int from public.locker_items i where i.id like '%|campaign-' || c.id) lockers
         from public.brand_campaigns c where c.id = any($1::uuid[]) order by c.title`,
      [[byCodes, byBudget]],
    );
    expect(totals.rows).toEqual([
      {
        title: 'BUDGET',
        code_count: 300,
        claimed_count: 200,
        spent: 50_000,
        budget: 50_000,
        taken: 200,
        claims: 200,
        fans: 200,
        codes: 200,
        lockers: 200,
      },
      {
        title: 'CODES',
        code_count: 150,
        claimed_count: 150,
        spent: 15_000,
        budget: 1_000_000,
        taken: 150,
        claims: 150,
        fans: 150,
        codes: 150,
        lockers: 150,
      },
    ]);
    expect(accepted).toBe(350);
    // no code value is in two lockers, across both campaigns
    const held = await admin.query<{ n: number; d: number }>(
      "select count(*)::int n, count(distinct code_value)::int d from public.locker_items where id like '%|campaign-%'",
    );
    expect(held.rows[0]).toEqual({ n: 350, d: 350 });
    expect([...refused.keys()].sort()).toEqual([
      'Day N: this reward ran out before your claim reached Bucket, so nothing was given',
      'duplicate key value violates unique constraint …',
    ]);
    expect([...refused.values()].reduce((a, b) => a + b, 0)).toBe(FANS * 4 - accepted);

    // 2. attacks as hosted PostgREST sends them (no RETURNING)
    const other = await createBrand(admin, 'Other Brand');
    const attack = (uid: string, sql: string, params: unknown[] = []) =>
      asUser(admin, uid, (u) => u.query(sql, params)).then(
        (r) => `ok ${r.rowCount}`,
        (e: Error) => e.message,
      );
    const addCode = 'insert into public.campaign_codes (campaign_id, code) values ($1, $2)';
    expect(await attack(other, addCode, [byCodes, 'INJECTED'])).toMatch(/row-level security/);
    expect(await attack(fans[0]!, addCode, [byCodes, 'FAN-CODE'])).toMatch(/row-level security/);
    expect(await attack(brand, 'select * from private.campaign_claims')).toMatch(/permission denied/);
    expect(await attack(brand, 'select fan_id from public.daily_rewards where campaign_id = $1', [byCodes])).toBe(
      'ok 0',
    );
    expect(await attack(brand, 'update public.brand_campaigns set spent_cents = 0 where id = $1', [byBudget])).toMatch(
      /permission denied/,
    );
    expect(await attack(other, 'select * from public.my_campaigns()')).toBe('ok 0');
    const pool = await admin.query<{ n: number }>(
      "select count(*)::int n from public.campaign_codes where code in ('INJECTED', 'FAN-CODE')",
    );
    expect(pool.rows[0]!.n).toBe(0);
  }, 600_000);
});
