/**
 * Brand analytics from real events, private by construction (issue 40 item 5; migrations
 * 20261129400000-100) on the local backend through supabase-js: a brand reports redemptions of
 * its claimed codes (counts, idempotency, bad rows), and brand_campaign_analytics() answers exact
 * figures about 10 or more fans, null below, regions from the fans' MediaID without small groups
 * found by subtraction — and nothing to another brand, a fan, anon or an app token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { anonClient, withBackend, type LocalBackend } from '../helpers/backend';
import { daysPass } from '../fan/reward-helpers';
import { appClient, supabaseAppToken } from '../mediaid-api/helpers';
import { brandClient, codesNamed, fanClient, launch, type Brand, type Who } from './campaign-helpers';
import { SUPPRESSED_UNDER } from '../../../src/features/brand/campaigns/api';

let backend: LocalBackend;
let brand: Brand;
let otherBrand: Brand;
let big: string; // 12 claiming fans
let small: string; // 3 claiming fans
let fans: Who[];

type Figures = {
  reach: number | null;
  engaged_fans: number | null;
  spent_cents: number;
  cost_per_action_cents: number | null;
  redemptions: number | null;
  redeemed_amount_cents: number | null;
  conversion_rate: number | null;
  weeks: Array<{ week: string; impressions: number | null; claims: number | null; redemptions: number | null }>;
  regions: Array<{ region: string; reach: number; engaged_fans: number | null }>;
};
type Analytics = { suppressed_under: number; overall: Figures; campaigns: Array<Figures & { id: string }> };

async function claimBrandDay(fan: Who, campaign: string) {
  const rows = await backend.query(
    'select day from public.daily_rewards where fan_id = $1 and campaign_id = $2 and not _deleted',
    [fan.id, campaign],
  );
  const day = (rows.rows[0] as { day: number }).day;
  await daysPass(backend, fan.id, day - 1);
  const r = await fan.client.from('reward_claims').insert({ fan_id: fan.id, day });
  expect(r.error).toBeNull();
}
const located = async (fan: Who, code: string) =>
  expect(
    (await fan.client.from('media_ids').update({ location_code: code }).eq('user_uuid', fan.id).eq('role', 'fan'))
      .error,
  ).toBeNull();
const analytics = async (who: Who) => {
  const r = await who.client.rpc('brand_campaign_analytics');
  expect(r.error).toBeNull();
  return r.data as Analytics;
};
/** The codes fans took, as the brand's own shop would know them once used (the brand sees taken, not by whom). */
const takenCodes = async (campaign: string) =>
  ((await brand.client.from('campaign_codes').select('code').eq('campaign_id', campaign).eq('taken', true)).data ?? [])
    .map((c) => c.code as string)
    .sort();
const now = () => new Date().toISOString();

beforeAll(async () => {
  backend = await withBackend();
  brand = await brandClient(backend, 'Loop Coffee');
  otherBrand = await brandClient(backend, 'Other Brand');
  big = await launch(brand, codesNamed('BIG', 20), { title: 'Big One' });
  small = await launch(brand, codesNamed('SML', 20), { title: 'Small One', genres: ['Jazz'] });
  fans = [];
  for (let i = 0; i < 12; i++) {
    const fan = await fanClient(backend, `an-${i}`, { genres: ['Electronic'], brandOffers: true });
    await located(fan, 'de');
    await claimBrandDay(fan, big);
    fans.push(fan);
  }
  for (let i = 0; i < 3; i++) {
    const fan = await fanClient(backend, `an-jazz-${i}`, { genres: ['Jazz'], brandOffers: true });
    await claimBrandDay(fan, small);
  }
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

describe('redemptions the brand reports', () => {
  it('records claimed codes of its own campaign once, answering recorded, duplicates and unknown', async () => {
    const taken = await takenCodes(big);
    expect(taken).toHaveLength(12);
    const rows = taken.slice(0, 11).map((code, i) => ({ code, redeemed_at: now(), amount_cents: 1000 + i }));
    const first = await brand.client.rpc('campaign_record_redemptions', { p_campaign: big, p_rows: rows });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ recorded: 11, duplicates: 0, unknown: 0 });
    // the same file again, a repeated line, a code nobody claimed, another campaign's claimed code
    const again = await brand.client.rpc('campaign_record_redemptions', {
      p_campaign: big,
      p_rows: [
        ...rows,
        { code: taken[0], redeemed_at: now() },
        { code: 'BIG-0019', redeemed_at: now() },
        { code: (await takenCodes(small))[0], redeemed_at: now() },
      ],
    });
    expect(again.data).toEqual({ recorded: 0, duplicates: 12, unknown: 2 });
    const stored = await backend.query(
      'select count(*)::int n, sum(amount_cents)::int s from private.campaign_redemptions',
    );
    expect(stored.rows[0]).toEqual({ n: 11, s: 11 * 1000 + 55 });
  });

  it('refuses a malformed list whole, naming the row', async () => {
    const taken = await takenCodes(big);
    for (const [row, message] of [
      [{ redeemed_at: now() }, /Row 2: a code is missing/],
      [{ code: taken[11], redeemed_at: 'yesterday-ish' }, /Row 2: redeemed_at is not a date/],
      [{ code: taken[11], redeemed_at: now(), amount_cents: -5 }, /Row 2: amount_cents is a whole number/],
      [{ code: taken[11], redeemed_at: now(), amount_cents: 12.5 }, /Row 2: amount_cents is a whole number/],
    ] as const) {
      const r = await brand.client.rpc('campaign_record_redemptions', {
        p_campaign: big,
        p_rows: [{ code: taken[11], redeemed_at: now() }, row],
      });
      expect(r.error?.message, JSON.stringify(row)).toMatch(message);
    }
    expect(
      (await brand.client.rpc('campaign_record_redemptions', { p_campaign: big, p_rows: {} })).error?.message,
    ).toMatch(/list of rows/);
    const stored = await backend.query('select count(*)::int n from private.campaign_redemptions');
    expect(stored.rows[0]).toEqual({ n: 11 });
  });
});

describe('brand_campaign_analytics()', () => {
  it('gives exact figures about 10 or more fans and null below, computed by the server', async () => {
    const a = await analytics(brand);
    expect(a.suppressed_under).toBe(10);
    // the screens' own copy of the threshold (their texts name it) is the server's
    expect(SUPPRESSED_UNDER).toBe(a.suppressed_under);
    const b = a.campaigns.find((c) => c.id === big)!;
    expect(b).toMatchObject({
      reach: 12,
      engaged_fans: 12,
      spent_cents: 1200,
      cost_per_action_cents: 100,
      redemptions: 11,
      redeemed_amount_cents: 11_055,
      conversion_rate: 91.7,
      regions: [{ region: 'DE', reach: 12, engaged_fans: 12 }],
    });
    expect(b.weeks).toEqual([
      {
        week: expect.stringMatching(/^\d{4}-W\d{2}$/),
        starts_on: expect.any(String),
        impressions: 12,
        claims: 12,
        redemptions: 11,
      },
    ]);
    const s = a.campaigns.find((c) => c.id === small)!;
    expect(s).toMatchObject({
      reach: null,
      engaged_fans: null,
      spent_cents: 300,
      cost_per_action_cents: null,
      redemptions: null,
      conversion_rate: null,
      regions: [],
    });
    expect(s.weeks.every((w) => w.impressions === null && w.claims === null && w.redemptions === null)).toBe(true);
    expect(a.overall).toMatchObject({ reach: 15, engaged_fans: 15, spent_cents: 1500, cost_per_action_cents: 100 });
    // no fan id, code or e-mail anywhere in the answer
    const text = JSON.stringify(a);
    for (const fan of fans) expect(text).not.toContain(fan.id);
    expect(text).not.toMatch(/BIG-|SML-|@/);
  });

  it('hides a region when the fans outside the listed regions would be a group under 10', async () => {
    const fr = await fanClient(backend, 'an-fr', { genres: ['Electronic'], brandOffers: true });
    await located(fr, 'FR');
    const b = (await analytics(brand)).campaigns.find((c) => c.id === big)!;
    expect(b.reach).toBe(13);
    // DE (12) listed would give away the one fan elsewhere (13 - 12): it is hidden too
    expect(b.regions).toEqual([]);
  });
});

describe('attacks', () => {
  it('another brand, a fan and anon reach neither function for this brand’s campaign', async () => {
    const rows = [{ code: (await takenCodes(big))[11], redeemed_at: now() }];
    for (const who of [otherBrand, fans[0]!]) {
      const r = await who.client.rpc('campaign_record_redemptions', { p_campaign: big, p_rows: rows });
      expect(r.error?.message).toBe('No such campaign of yours');
      const a = await analytics(who);
      expect(a.campaigns).toEqual([]);
      expect(a.overall).toMatchObject({ reach: null, engaged_fans: null, spent_cents: 0, redemptions: null });
    }
    const anon = anonClient(backend);
    expect((await anon.rpc('campaign_record_redemptions', { p_campaign: big, p_rows: rows })).error).not.toBeNull();
    expect((await anon.rpc('brand_campaign_analytics')).error).not.toBeNull();
    const stored = await backend.query('select count(*)::int n from private.campaign_redemptions');
    expect(stored.rows[0]).toEqual({ n: 11 });
  });

  it('the brand reads no redemption, claim or helper through the REST API', async () => {
    for (const table of ['campaign_redemptions', 'campaign_claims']) {
      const r = await brand.client
        .schema('private' as 'public')
        .from(table)
        .select('*');
      expect(r.data ?? [], table).toEqual([]);
      expect(r.error, table).not.toBeNull();
    }
    expect((await brand.client.rpc('campaign_figures', { p_campaigns: [big] })).error).not.toBeNull();
  });

  it('an app token of the brand is refused by both functions', async () => {
    const user = (await brand.client.auth.getUser()).data.user as User;
    const app = appClient(backend, await supabaseAppToken(backend, user, 'bkt_analyticsprobe'));
    expect((await app.rpc('brand_campaign_analytics')).error?.message).toBe('invalid_token');
    const r = await app.rpc('campaign_record_redemptions', { p_campaign: big, p_rows: [] });
    expect(r.error?.message).toBe('invalid_token');
  });
});
