/**
 * The privacy threshold of brand figures is one rule (private.min_group_size(), 20261130400000),
 * on Debian's PostgreSQL. Two campaigns of one brand, each delivered through a different artist:
 * 10 fans reached, claiming, redeeming and located in DE for one, 9 for the other. Every figure a
 * brand reads — my_campaigns, brand_campaign_analytics (totals, weeks, regions) and
 * brand_artist_partnerships — shows the group of 10 and hides the group of 9. Then, in rolled-back
 * transactions, the one function says 11 (the group of 10 is hidden everywhere too) or 9 (the
 * group of 9 shows everywhere): no function keeps a threshold of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip, type RealPostgres } from '../helpers/real-postgres';
import { asUser, beginAsUser, connector, createUsers, startMigratedPostgres } from '../sync/pull-postgres';
import { createBrand, launch } from './campaign-postgres-helpers';

const bin = findPostgresBin();
let server: RealPostgres | undefined;
const db = connector(() => server);

beforeAll(async () => {
  if (skip) return;
  if (!bin) throw new Error(MISSING_PG_HINT);
  server = await startMigratedPostgres();
}, 240_000);

afterAll(async () => {
  await db.end();
  server?.stop();
});

type Figures = { reach: number | null; redemptions: number | null; [k: string]: unknown };
interface Seen {
  under: number;
  mine: Map<string, { reach: number | null; claims_by_week: Array<{ claims: number | null }> }>;
  analytics: Map<string, Figures & { weeks: Array<Record<string, number | null>>; regions: unknown[] }>;
  partners: Map<string, { reach: number | null; redemptions: number | null; revenue_cents: string | null }>;
}

/** Everything the brand reads about its campaigns, in the caller's open transaction. */
async function whatTheBrandSees(u: pg.Client, byArtist: Map<string, string>): Promise<Seen> {
  const mine = await u.query('select id, reach, claims_by_week from public.my_campaigns()');
  const a = (await u.query('select public.brand_campaign_analytics() a')).rows[0].a;
  const partners = await u.query(
    'select artist_id, reach, redemptions, revenue_cents from public.brand_artist_partnerships()',
  );
  return {
    under: a.suppressed_under,
    mine: new Map(mine.rows.map((r) => [r.id, r])),
    analytics: new Map(a.campaigns.map((c: Figures & { id: string }) => [c.id, c])),
    partners: new Map(partners.rows.map((r) => [byArtist.get(r.artist_id)!, r])),
  };
}

/** What a campaign's fan figures are when its group of `n` is shown, or all null when hidden. */
function expectGroup(seen: Seen, id: string, n: number, shown: boolean) {
  const v = shown ? n : null;
  expect(seen.mine.get(id)).toMatchObject({ reach: v, claims_by_week: [{ claims: v }] });
  const a = seen.analytics.get(id)!;
  expect(a).toMatchObject({
    reach: v,
    engaged_fans: v,
    cost_per_action_cents: shown ? 100 : null,
    redemptions: v,
    redeemed_amount_cents: shown ? n * 2_500 : null,
    conversion_rate: shown ? 100 : null,
    regions: shown ? [{ region: 'DE', reach: n, engaged_fans: n }] : [],
  });
  expect(a.weeks.filter((w) => w.claims !== null || w.redemptions !== null)).toHaveLength(shown ? 1 : 0);
  expect(seen.partners.get(id)).toMatchObject({
    reach: v,
    redemptions: v,
    revenue_cents: shown ? String(n * 2_500) : null,
  });
}

describe.skipIf(skip)('the privacy threshold, one rule for every brand figure', () => {
  it('shows a group of 10 and hides a group of 9 everywhere, and every figure follows private.min_group_size()', async () => {
    const admin = await db.connect();
    const brand = await createBrand(admin, 'Loop Coffee');
    const artists = await createUsers(admin, 2, 'artist');
    const groups = { ten: await createUsers(admin, 10, 'fan'), nine: await createUsers(admin, 9, 'fan') };
    const genre = { ten: 'Electronic', nine: 'Jazz' };
    for (const k of ['ten', 'nine'] as const)
      await admin.query(
        `update public.media_ids set genre_preferences = $2, location_code = 'de',
           privacy_settings = privacy_settings || '{"marketing_communications": true, "data_sharing": true}'
         where user_uuid = any($1::uuid[]) and role = 'fan'`,
        [groups[k], [genre[k]]],
      );
    const ids = {
      ten: await launch(admin, brand, 'TEN', 20, 100, 1_000_000, [genre.ten]),
      nine: await launch(admin, brand, 'NINE', 20, 100, 1_000_000, [genre.nine]),
    };
    const byArtist = new Map<string, string>();
    for (const [i, k] of (['ten', 'nine'] as const).entries()) {
      // the launch put the campaign in each consenting fan's calendar: that is its reach
      const reached = await admin.query(
        'select count(distinct fan_id)::int n from public.daily_rewards where campaign_id = $1 and not _deleted',
        [ids[k]],
      );
      expect(reached.rows[0].n).toBe(groups[k].length);
      // every fan claimed a code (as the claim path records it) ...
      await admin.query(
        `insert into private.campaign_claims (campaign_id, fan_id, code_id)
           select $1, f.fan, k.id from unnest($2::uuid[]) with ordinality f(fan, n)
           join (select id, row_number() over (order by id) n from public.campaign_codes where campaign_id = $1) k
             on k.n = f.n`,
        [ids[k], groups[k]],
      );
      await admin.query('update public.brand_campaigns set claimed_count = $2, spent_cents = 100 * $2 where id = $1', [
        ids[k],
        groups[k].length,
      ]);
      // ... the campaign reached them through an accepted collaboration with its own artist ...
      const offer = await admin.query<{ id: string }>(
        `insert into public.collab_offers (kind, artist_id, brand_id, artist_name, brand_name, title, timeline, budget,
             status, awaiting) values ('brand_to_artist', $1, $2, 'Nova', 'Loop Coffee', $3, '1-2 months', 500,
             'accepted', null) returning id`,
        [artists[i], brand, k],
      );
      await admin.query(
        `insert into public.collab_campaigns (campaign_id, offer_id, artist_id, brand_id, campaign_title, payout_model)
           values ($1, $2, $3, $4, $5, 'per_code')`,
        [ids[k], offer.rows[0]!.id, artists[i], brand, k],
      );
      byArtist.set(artists[i]!, ids[k]);
      // ... and redeemed it at the brand's shop, which reports it
      const claimed = await admin.query<{ code: string }>(
        `select k.code from private.campaign_claims x join public.campaign_codes k on k.id = x.code_id
         where x.campaign_id = $1`,
        [ids[k]],
      );
      const r = await asUser(admin, brand, (u) =>
        u.query('select public.campaign_record_redemptions($1, $2::jsonb) r', [
          ids[k],
          JSON.stringify(
            claimed.rows.map(({ code }) => ({ code, redeemed_at: new Date().toISOString(), amount_cents: 2_500 })),
          ),
        ]),
      );
      expect(r.rows[0].r).toMatchObject({ recorded: groups[k].length });
    }

    const seen = await asUser(admin, brand, (u) => whatTheBrandSees(u, byArtist));
    expect(seen.under).toBe(10);
    expectGroup(seen, ids.ten, 10, true);
    expectGroup(seen, ids.nine, 9, false);

    // the one rule moved, every figure follows it (the transaction is rolled back)
    for (const [threshold, tenShown, nineShown] of [
      [11, false, false],
      [9, true, true],
    ] as const) {
      await beginAsUser(admin, brand);
      try {
        await admin.query('reset role');
        await admin.query(`create or replace function private.min_group_size() returns integer language sql
          immutable set search_path to '' as $$ select ${threshold} $$`);
        await admin.query('set local role authenticated');
        const moved = await whatTheBrandSees(admin, byArtist);
        expect(moved.under).toBe(threshold);
        expectGroup(moved, ids.ten, 10, tenShown);
        expectGroup(moved, ids.nine, 9, nineShown);
      } finally {
        await admin.query('rollback');
      }
    }
  }, 240_000);
});
