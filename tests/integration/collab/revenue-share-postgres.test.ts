/**
 * Revenue share under real concurrency on Debian's PostgreSQL (20261129600000): a brand records
 * redemptions of one revenue share campaign from 12 connections at once, every list sent twice.
 * The embedded backend runs one transaction at a time and cannot show this. Requests run as
 * PostgREST runs them (`set local role authenticated`, `request.jwt.claims`).
 * 240 claimed codes, 200 of them by the artist's followers, $30 each at 10 % = $600 of share against
 * a $500 budget: whatever the order, 166 full shares and one remainder of 200 cents accrue, the
 * budget is spent exactly, nothing is refused or deadlocked, and the duplicates accrue nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip, type RealPostgres } from '../helpers/real-postgres';
import { prng } from '../helpers/prng';
import { asUser, connector, createUsers, startMigratedPostgres } from '../sync/pull-postgres';

const bin = findPostgresBin();
let server: RealPostgres | undefined;
const db = connector(() => server);
const CONNECTIONS = 12;

beforeAll(async () => {
  if (!bin) throw new Error(MISSING_PG_HINT);
  server = await startMigratedPostgres();
}, 240_000);

afterAll(async () => {
  await db.end();
  server?.stop();
});

describe.skipIf(skip)('revenue share on real PostgreSQL', () => {
  it(`never passes the budget with concurrent recordings on ${CONNECTIONS} connections`, async () => {
    const admin = await db.connect();
    const conns = await Promise.all(Array.from({ length: CONNECTIONS }, () => db.connect()));
    const random = prng(7);
    const brand = randomUUID();
    await admin.query('insert into auth.users (id, email) values ($1, $2)', [brand, `brand-${brand}@example.test`]);
    await asUser(admin, brand, async (u) => {
      await u.query("insert into public.profiles (id, display_name, role) values ($1, 'Loop Coffee', 'brand')", [
        brand,
      ]);
      await u.query("insert into public.media_ids (user_uuid, role) values ($1, 'brand')", [brand]);
    });
    const [artist] = await createUsers(admin, 1, 'artist');
    const fans = await createUsers(admin, 240, 'fan');
    for (const fan of fans.slice(0, 200)) {
      await asUser(admin, fan, (u) =>
        u.query("insert into public.subscriptions (fan_id, artist_id, artist_name) values ($1, $2, 'x')", [
          fan,
          artist,
        ]),
      );
    }
    const campaign = await asUser(admin, brand, async (u) => {
      const made = await u.query<{ id: string }>(
        `insert into public.brand_campaigns (brand_id, title, budget_cents, payout_model, revenue_share_pct,
             starts_on, ends_on) values ($1, 'SHARE', 50000, 'revenue_share', 10, current_date, current_date + 40)
           returning id`,
        [brand],
      );
      const id = made.rows[0]!.id;
      await u.query(
        `insert into public.campaign_codes (campaign_id, code)
           select $1, 'SHARE-' || lpad(g::text, 4, '0') from generate_series(1, 300) g`,
        [id],
      );
      return id;
    });
    // an accepted collaboration delivers it; fan i claimed code i (as the claim path records it)
    const offer = await admin.query<{ id: string }>(
      `insert into public.collab_offers (kind, artist_id, brand_id, artist_name, brand_name, title, timeline, budget,
           status, awaiting) values ('brand_to_artist', $1, $2, 'Nova', 'Loop Coffee', 'Share', '1-2 months', 500,
           'accepted', null) returning id`,
      [artist, brand],
    );
    await admin.query(
      `insert into public.collab_campaigns (campaign_id, offer_id, artist_id, brand_id, campaign_title, payout_model)
         values ($1, $2, $3, $4, 'SHARE', 'revenue_share')`,
      [campaign, offer.rows[0]!.id, artist, brand],
    );
    await admin.query(
      `insert into private.campaign_claims (campaign_id, fan_id, code_id)
         select $1, f.fan, k.id
         from unnest($2::uuid[]) with ordinality f(fan, n)
         join (select id, row_number() over (order by id) n from public.campaign_codes where campaign_id = $1) k
           on k.n = f.n`,
      [campaign, fans],
    );
    const codes = Array.from({ length: 240 }, (_, i) => `SHARE-${String(i + 1).padStart(4, '0')}`);
    const shuffled = [...codes].sort(() => random.next() - 0.5);
    const lists: string[][] = [];
    for (let i = 0; i < shuffled.length; i += 10) lists.push(shuffled.slice(i, i + 10));
    const tasks = [...lists, ...lists].sort(() => random.next() - 0.5);

    const answers: Array<{ recorded: number; duplicates: number; unknown: number }> = [];
    const errors: string[] = [];
    let next = 0;
    await Promise.all(
      conns.map(async (c) => {
        while (next < tasks.length) {
          const list = tasks[next++]!;
          try {
            const r = await asUser(c, brand, (u) =>
              u.query<{ r: { recorded: number; duplicates: number; unknown: number } }>(
                'select public.campaign_record_redemptions($1, $2::jsonb) r',
                [
                  campaign,
                  JSON.stringify(
                    list.map((code) => ({ code, redeemed_at: new Date().toISOString(), amount_cents: 3_000 })),
                  ),
                ],
              ),
            );
            answers.push(r.rows[0]!.r);
          } catch (e) {
            errors.push((e as Error).message);
          }
        }
      }),
    );
    expect(errors).toEqual([]);
    expect(answers.reduce((s, a) => s + a.recorded, 0)).toBe(240);
    expect(answers.reduce((s, a) => s + a.duplicates, 0)).toBe(240);

    const totals = await admin.query(
      `select c.spent_cents::int spent,
           (select count(*)::int from private.campaign_redemptions d where d.campaign_id = c.id) redemptions,
           (select coalesce(sum(e.amount_cents), 0)::int from public.collab_earnings e where e.campaign_id = c.id) earned,
           (select count(*)::int from public.collab_earnings e where e.campaign_id = c.id and e.amount_cents = 300) full_shares,
           (select array_agg(e.amount_cents::int) from public.collab_earnings e
             where e.campaign_id = c.id and e.amount_cents <> 300) partial
         from public.brand_campaigns c where c.id = $1`,
      [campaign],
    );
    expect(totals.rows[0]).toEqual({
      spent: 50_000,
      redemptions: 240,
      earned: 50_000,
      full_shares: 166,
      partial: [200],
    });
  }, 240_000);
});
