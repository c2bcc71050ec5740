/**
 * Revenue share accrues for real, and a brand's top artist partnerships come from its own
 * collaborations (20261129600000_revenue_share_partnerships.sql), on the local backend through
 * supabase-js. A redemption the brand records pays the artist pct x amount (whole cents, down) for
 * codes their followers claimed, once per code, never past the budget; a spent campaign stops.
 * brand_artist_partnerships() answers the calling brand only, counts under 10 null, never a fan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { anonClient, createArtistClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { daysPass } from '../fan/reward-helpers';
import { appClient, supabaseAppToken } from '../mediaid-api/helpers';
import { brandClient, codesNamed, fanClient, launch, type Brand, type Who } from '../brand/campaign-helpers';

let backend: LocalBackend;
let brand: Brand;
let otherBrand: Brand;
let artist: Who;
let echo: Who; // a second artist with a per-code campaign and 12 claiming followers
const allFans: Who[] = [];

type Partnership = {
  artist_id: string;
  artist_name: string;
  genre: string | null;
  campaigns: number;
  reach: number | null;
  spend_cents: number;
  redemptions: number | null;
  revenue_cents: number | null;
  roi: number | null;
};

async function accepted(from: Who, to: Who): Promise<string> {
  const sent = await from.client.rpc('collab_send', {
    p_to: to.id,
    p_title: 'Night Bus Sessions',
    p_narrative: '',
    p_timeline: '3-4 weeks',
    p_reach: '',
    p_deliverables: '',
    p_budget: 500,
  });
  if (sent.error) throw new Error(sent.error.message);
  const id = (sent.data as { id: string }).id;
  const ok = await to.client.rpc('collab_respond', { p_id: id, p_action: 'accept' });
  if (ok.error) throw new Error(ok.error.message);
  return id;
}

async function newFan(tag: string, follows: Who | null): Promise<Who> {
  const fan = await fanClient(backend, tag, { genres: ['Electronic'], brandOffers: true });
  if (follows) {
    const f = await fan.client
      .from('subscriptions')
      .insert({ fan_id: fan.id, artist_id: follows.id, artist_name: 'x' });
    expect(f.error).toBeNull();
  }
  allFans.push(fan);
  return fan;
}

const dayOf = async (fan: Who, campaign: string) => {
  await backend.query('select private.fill_reward_calendar($1)', [fan.id]);
  const rows = await backend.query(
    'select day from public.daily_rewards where fan_id = $1 and campaign_id = $2 and not _deleted',
    [fan.id, campaign],
  );
  return (rows.rows[0] as { day: number } | undefined)?.day;
};

/** The fan claims the campaign's day; answers the code they got (as the brand's shop would see it used). */
async function claim(fan: Who, campaign: string) {
  const day = await dayOf(fan, campaign);
  expect(day, `a day of ${campaign} on the calendar`).toBeDefined();
  await daysPass(backend, fan.id, day! - 1);
  const r = await fan.client.from('reward_claims').insert({ fan_id: fan.id, day });
  expect(r.error).toBeNull();
  const item = await fan.client.from('locker_items').select('code_value').eq('id', `${fan.id}|campaign-${campaign}`);
  return (item.data?.[0] as { code_value: string }).code_value;
}

const record = async (campaign: string, rows: Array<{ code: string; amount_cents: number | null }>) => {
  const r = await brand.client.rpc('campaign_record_redemptions', {
    p_campaign: campaign,
    p_rows: rows.map((x) => ({ ...x, redeemed_at: new Date().toISOString() })),
  });
  expect(r.error).toBeNull();
  return r.data as { recorded: number; duplicates: number; unknown: number };
};
const ledger = async (campaign: string) =>
  (await artist.client.from('collab_earnings').select('amount_cents, reason').eq('campaign_id', campaign).order('id'))
    .data;
const spent = async (campaign: string) =>
  Number(
    (await backend.query('select spent_cents from public.brand_campaigns where id = $1', [campaign])).rows[0]
      .spent_cents,
  );
const partnerships = async (who: Who) => {
  const r = await who.client.rpc('brand_artist_partnerships');
  expect(r.error).toBeNull();
  return r.data as Partnership[];
};

let share: string;
let shareOffer: string;

beforeAll(async () => {
  backend = await withBackend();
  brand = await brandClient(backend, 'Loop Coffee');
  otherBrand = await brandClient(backend, 'Other Brand');
  const a = await createArtistClient(backend, uniqueEmail('rs-artist'), 'secret-password-1', 'Nova Static');
  artist = { client: a.client, id: a.user.id };
  const e = await createArtistClient(backend, uniqueEmail('rs-echo'), 'secret-password-1', 'Echo Vale');
  echo = { client: e.client, id: e.user.id };
  expect(
    (
      await echo.client
        .from('profiles')
        .update({ genres: ['Synthwave'] })
        .eq('id', echo.id)
    ).error,
  ).toBeNull();
  shareOffer = await accepted(brand, artist);
  share = await launch(brand, codesNamed('RS', 20), {
    title: 'Share of the Night',
    payout_model: 'revenue_share',
    payout_per_code_cents: 0,
    revenue_share_pct: 12.5,
    budget_cents: 1_000,
  });
  expect(
    (await brand.client.rpc('collab_deliver_campaign', { p_offer: shareOffer, p_campaign: share })).error,
  ).toBeNull();
}, 60_000);
afterAll(async () => {
  await backend?.stop();
});

describe('revenue share accrues from recorded redemptions', () => {
  it("pays pct x amount for followers' codes only, once per code, capped by the budget; then the campaign stops", async () => {
    const [f1, f2, f3, late] = [
      await newFan('rs-f1', artist),
      await newFan('rs-f2', artist),
      await newFan('rs-f3', artist),
      await newFan('rs-late', artist),
    ];
    const stranger = await newFan('rs-stranger', null); // matches the Electronic targeting, follows nobody
    const [c1, c2, c3, cs] = [
      await claim(f1, share),
      await claim(f2, share),
      await claim(f3, share),
      await claim(stranger, share),
    ];
    const lateDay = await dayOf(late, share); // on the calendar, not claimed yet
    expect(lateDay).toBeDefined();

    // 12.5 % of $19.99 is 249.875 cents: 249 accrue; the stranger's $50 accrues nothing
    expect(
      await record(share, [
        { code: c1, amount_cents: 1_999 },
        { code: cs, amount_cents: 5_000 },
      ]),
    ).toEqual({ recorded: 2, duplicates: 0, unknown: 0 });
    expect(await ledger(share)).toEqual([{ amount_cents: 249, reason: 'revenue_share' }]);
    expect(await spent(share)).toBe(249);

    // the same code again, with a bigger amount: a duplicate, nothing accrues
    expect(await record(share, [{ code: c1, amount_cents: 9_999 }])).toEqual({
      recorded: 0,
      duplicates: 1,
      unknown: 0,
    });
    expect(await ledger(share)).toHaveLength(1);

    // $1,000 would be $125 of share: only the 751 cents left of the budget accrue
    expect((await record(share, [{ code: c2, amount_cents: 100_000 }])).recorded).toBe(1);
    expect(await ledger(share)).toEqual([
      { amount_cents: 249, reason: 'revenue_share' },
      { amount_cents: 751, reason: 'revenue_share' },
    ]);
    expect(await spent(share)).toBe(1_000);
    // spent: a further redemption is recorded but accrues nothing
    expect((await record(share, [{ code: c3, amount_cents: 4_000 }])).recorded).toBe(1);
    expect(await ledger(share)).toHaveLength(2);
    expect(await spent(share)).toBe(1_000);

    // the campaign stops: a day already on a calendar is refused (nothing given), no calendar gets it again
    await daysPass(backend, late.id, lateDay! - 1);
    const refused = await late.client.from('reward_claims').insert({ fan_id: late.id, day: lateDay });
    expect(refused.error?.message).toMatch(/ran out/);
    expect((await late.client.from('locker_items').select('id').eq('id', `${late.id}|campaign-${share}`)).data).toEqual(
      [],
    );
    const newcomer = await newFan('rs-newcomer', artist);
    expect(await dayOf(newcomer, share)).toBeUndefined();
    const mine = await brand.client.rpc('my_campaigns');
    expect((mine.data as { id: string; status: string; claims: number }[]).find((c) => c.id === share)).toMatchObject({
      status: 'spent',
      claims: 4,
    });

    // both parties see the total; the ledger holds no fan
    for (const who of [artist, brand]) {
      const totals = await who.client.rpc('my_collab_earnings');
      expect(
        (totals.data as { offer_id: string; total_cents: number }[]).find((t) => t.offer_id === shareOffer),
      ).toMatchObject({ total_cents: 1_000 });
    }
    const rows = JSON.stringify((await brand.client.from('collab_earnings').select('*')).data);
    for (const fan of allFans) expect(rows).not.toContain(fan.id);
  });

  it('a per-code campaign accrues nothing from redemptions; an amount-less or sub-cent one accrues nothing', async () => {
    const offerId = await accepted(brand, artist);
    const perCode = await launch(brand, codesNamed('PC', 5), { title: 'Per Code', payout_per_code_cents: 100 });
    expect(
      (await brand.client.rpc('collab_deliver_campaign', { p_offer: offerId, p_campaign: perCode })).error,
    ).toBeNull();
    const tiny = await launch(brand, codesNamed('TINY', 5), {
      title: 'Tiny Share',
      payout_model: 'revenue_share',
      payout_per_code_cents: 0,
      revenue_share_pct: 10,
    });
    expect(
      (await brand.client.rpc('collab_deliver_campaign', { p_offer: offerId, p_campaign: tiny })).error,
    ).toBeNull();
    const fan = await newFan('rs-pc', artist);
    const code = await claim(fan, perCode);
    expect(await record(perCode, [{ code, amount_cents: 50_000 }])).toMatchObject({ recorded: 1 });
    expect(await ledger(perCode)).toEqual([{ amount_cents: 100, reason: 'code_claimed' }]);
    const other = await newFan('rs-tiny', artist);
    const tinyCode = await claim(other, tiny);
    expect(await record(tiny, [{ code: tinyCode, amount_cents: 9 }])).toMatchObject({ recorded: 1 }); // 0.9 cents
    expect(await ledger(tiny)).toEqual([]);
    expect(await spent(tiny)).toBe(0);
  });
});

describe('top artist partnerships', () => {
  let perCode: string;
  beforeAll(async () => {
    const offerId = await accepted(brand, echo);
    perCode = await launch(brand, codesNamed('ECHO', 15), {
      title: 'Echo Nights',
      payout_per_code_cents: 100,
      budget_cents: 100_000,
    });
    expect(
      (await brand.client.rpc('collab_deliver_campaign', { p_offer: offerId, p_campaign: perCode })).error,
    ).toBeNull();
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) codes.push(await claim(await newFan(`rs-echo-${i}`, echo), perCode));
    await record(
      perCode,
      codes.map((code) => ({ code, amount_cents: 1_000 })),
    );
  }, 120_000);

  it('answers the brand one row per artist: reach, spend from the ledger, revenue and ROI, null under 10', async () => {
    const rows = await partnerships(brand);
    expect(rows).toEqual([
      {
        artist_id: echo.id,
        artist_name: 'Echo Vale',
        genre: 'Synthwave',
        campaigns: 1,
        reach: 12,
        spend_cents: 1_200,
        redemptions: 12,
        revenue_cents: 12_000,
        roi: 10,
      },
      {
        artist_id: artist.id,
        artist_name: 'Nova Static',
        genre: null,
        campaigns: 3,
        reach: null, // 6 fans claimed codes of Nova's campaigns
        spend_cents: 1_000 + 100,
        redemptions: null, // 6 redemptions
        revenue_cents: null,
        roi: null,
      },
    ]);
    const text = JSON.stringify(rows);
    for (const fan of allFans) expect(text).not.toContain(fan.id);
  });

  it('a fan, an artist, another brand and anon get nothing; an app token is refused', async () => {
    expect(await partnerships(allFans[0]!)).toEqual([]);
    expect(await partnerships(artist)).toEqual([]);
    expect(await partnerships(echo)).toEqual([]);
    expect(await partnerships(otherBrand)).toEqual([]);
    expect((await anonClient(backend).rpc('brand_artist_partnerships')).error).not.toBeNull();
    const user = (await brand.client.auth.getUser()).data.user as User;
    const app = appClient(backend, await supabaseAppToken(backend, user, 'bkt_partnersprobe'));
    const r = await app.rpc('brand_artist_partnerships');
    expect(r.data ?? []).toEqual([]);
    expect(r.error?.message).toBe('invalid_token');
  });
});
