/**
 * Campaign codes reach only eligible, consenting fans, and the brand sees aggregates only
 * on the local backend through supabase-js:
 * targeting by MediaID genres or a followed artist's genres, the brand-offers switch
 * (marketing_communications) at fill and at claim, one code per claim, the budget stopping the
 * campaign, and my_campaigns() with figures about fewer than 10 fans suppressed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createArtistClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { daysPass } from '../fan/reward-helpers';
import { brandClient, codesNamed, fanClient, launch, type Brand, type Who } from './campaign-helpers';

let backend: LocalBackend;
let brand: Brand;
let otherBrand: Brand;

beforeAll(async () => {
  backend = await withBackend();
  brand = await brandClient(backend, 'Loop Coffee');
  otherBrand = await brandClient(backend, 'Other Brand');
});
afterAll(async () => {
  await backend?.stop();
});

type Day = { day: number; source: string; title: string; brand_name: string | null; description: string };
const brandDays = async (fan: Who, campaign: string) => {
  const rows = await backend.query(
    'select day, source, title, brand_name, description from public.daily_rewards where fan_id = $1 and campaign_id = $2 order by day',
    [fan.id, campaign],
  );
  return rows.rows as Day[];
};
const privacy = (brandOffers: boolean) => ({
  data_sharing: true,
  location_access: false,
  audio_capture: false,
  anonymous_logging: true,
  marketing_communications: brandOffers,
});
const setBrandOffers = (fan: Who, on: boolean) =>
  fan.client
    .from('media_ids')
    .update({ privacy_settings: privacy(on) })
    .eq('user_uuid', fan.id)
    .eq('role', 'fan');
const claim = (fan: Who, day: number) => fan.client.from('reward_claims').insert({ fan_id: fan.id, day });

describe('who gets a campaign day', () => {
  it('consenting fans who match the genre (their MediaID or a followed artist) — nobody else', async () => {
    const electronic = await fanClient(backend, 'c-elec', { genres: ['Electronic'], brandOffers: true });
    const silent = await fanClient(backend, 'c-silent', { genres: ['Electronic'], brandOffers: false });
    const jazz = await fanClient(backend, 'c-jazz', { genres: ['Jazz'], brandOffers: true });
    const follower = await fanClient(backend, 'c-follow', { brandOffers: true });
    const artist = await createArtistClient(backend, uniqueEmail('c-artist'), 'secret-password-1', 'Wire Static');
    expect(
      (
        await artist.client
          .from('profiles')
          .update({ genres: ['Electronic'] })
          .eq('id', artist.user.id)
      ).error,
    ).toBeNull();
    const f = await follower.client
      .from('subscriptions')
      .insert({ fan_id: follower.id, artist_id: artist.user.id, artist_name: 'Wire Static' });
    expect(f.error).toBeNull();

    const id = await launch(brand, codesNamed('ELEC', 100));
    // launched today: today's day stays as the fan saw it, so the code arrives tomorrow (day 2)
    const got = await brandDays(electronic, id);
    expect(got).toEqual([
      expect.objectContaining({ day: 2, source: 'brand', title: 'Hear It Raw', brand_name: 'Loop Coffee' }),
    ]);
    expect(got[0]!.description).toMatch(/^Brand offer from Loop Coffee, because you turned brand offers on/);
    expect(await brandDays(follower, id)).toHaveLength(1);
    expect(await brandDays(silent, id)).toEqual([]);
    expect(await brandDays(jazz, id)).toEqual([]);
    // the fan reads it through their own calendar (RLS), as the app pulls it
    const mine = await electronic.client.from('daily_rewards').select('day, brand_name').eq('source', 'brand');
    expect(mine.data).toEqual([{ day: 2, brand_name: 'Loop Coffee' }]);

    // switching brand offers on brings campaign days; switching them off takes them away
    expect((await setBrandOffers(silent, true)).error).toBeNull();
    expect(await brandDays(silent, id)).toHaveLength(1);
    expect((await setBrandOffers(electronic, false)).error).toBeNull();
    expect(await brandDays(electronic, id)).toEqual([]);
    await daysPass(backend, silent.id, 1); // day 2 is today now: turning off still removes it
    expect((await setBrandOffers(silent, false)).error).toBeNull();
    expect(await brandDays(silent, id)).toEqual([]);
  });
});

describe('claiming a campaign day', () => {
  it('reserves one code for the fan, in the locker with codeValue and brandName; the brand sees totals only', async () => {
    const fan = await fanClient(backend, 'c-claim', { genres: ['Electronic'], brandOffers: true });
    const id = await launch(brand, codesNamed('ONE', 3), { title: 'Night Bus Codes' });
    const [day] = await brandDays(fan, id);
    await daysPass(backend, fan.id, day!.day - 1);
    expect((await claim(fan, day!.day)).error).toBeNull();

    const locker = await fan.client
      .from('locker_items')
      .select('type, title, code_value, brand_name')
      .eq('type', 'code');
    expect(locker.data).toEqual([
      { type: 'code', title: 'Night Bus Codes', code_value: 'ONE-0000', brand_name: 'Loop Coffee' },
    ]);
    const shown = await fan.client.from('daily_rewards').select('description').eq('day', day!.day).single();
    expect(shown.data!.description).toMatch(/^Your code: ONE-0000\. Brand offer from Loop Coffee/);
    const taken = await brand.client.from('campaign_codes').select('code, taken').eq('campaign_id', id).order('code');
    expect(taken.data!.map((c) => c.taken)).toEqual([true, false, false]);

    const mine = await brand.client.rpc('my_campaigns');
    expect(mine.error).toBeNull();
    const row = (mine.data as Array<Record<string, unknown>>).find((c) => c.id === id);
    expect(row).toMatchObject({ claims: 1, codes_left: 2, spent_cents: 100, status: 'running', reach: null });
    expect(row!.claims_by_week).toEqual([{ week: expect.any(String), claims: null }]);
    expect(JSON.stringify(mine.data)).not.toContain(fan.id);
  });

  it('stops when the budget is spent: the next claim is refused with the run-out message, nothing counted', async () => {
    const id = await launch(brand, codesNamed('BUDGET', 5), { budget_cents: 250, payout_per_code_cents: 100 });
    const fans = [];
    for (let i = 0; i < 3; i++)
      fans.push(await fanClient(backend, `c-budget-${i}`, { genres: ['Electronic'], brandOffers: true }));
    const results = [];
    for (const fan of fans) {
      const [day] = await brandDays(fan, id);
      await daysPass(backend, fan.id, day!.day - 1);
      results.push((await claim(fan, day!.day)).error?.message ?? 'ok');
    }
    expect(results.slice(0, 2)).toEqual(['ok', 'ok']);
    expect(results[2]).toMatch(/^Day \d+: this reward ran out before your claim reached Bucket, so nothing was given/);
    const c = await backend.query(
      'select claimed_count, spent_cents::int, budget_cents::int from public.brand_campaigns where id = $1',
      [id],
    );
    expect(c.rows[0]).toEqual({ claimed_count: 2, spent_cents: 200, budget_cents: 250 });
    // spent: the campaign leaves calendars it has not been claimed from
    const later = await fanClient(backend, 'c-budget-late', { genres: ['Electronic'], brandOffers: true });
    expect(await brandDays(later, id)).toEqual([]);
  });

  it('a fan who turned brand offers off cannot claim a brand day still on a device', async () => {
    const fan = await fanClient(backend, 'c-offline', { genres: ['Electronic'], brandOffers: true });
    const id = await launch(brand, codesNamed('OFF', 3));
    const [day] = await brandDays(fan, id);
    await daysPass(backend, fan.id, day!.day - 1);
    // the switch goes off while the claim waits in a device's outbox; the refill is held back here
    await backend.query('alter table public.media_ids disable trigger fill_reward_calendar');
    try {
      expect((await setBrandOffers(fan, false)).error).toBeNull();
    } finally {
      await backend.query('alter table public.media_ids enable trigger fill_reward_calendar');
    }
    const r = await claim(fan, day!.day);
    expect(r.error?.message).toMatch(/you turned brand offers off in your MediaID, so no code was given/);
    const c = await backend.query('select claimed_count from public.brand_campaigns where id = $1', [id]);
    expect(c.rows[0].claimed_count).toBe(0);
  });
});

describe('the brand sees aggregates only', () => {
  it('figures about 10 or more fans show; another brand, fans and anon see nothing; no fan row is reachable', async () => {
    const id = await launch(brand, codesNamed('TEN', 20), { title: 'Ten Fans' });
    const fans: Who[] = [];
    for (let i = 0; i < 11; i++)
      fans.push(await fanClient(backend, `c-ten-${i}`, { genres: ['Electronic'], brandOffers: true }));
    for (const fan of fans.slice(0, 10)) {
      const [day] = await brandDays(fan, id);
      await daysPass(backend, fan.id, day!.day - 1);
      expect((await claim(fan, day!.day)).error).toBeNull();
    }
    const mine = (await brand.client.rpc('my_campaigns')).data as Array<Record<string, unknown>>;
    const row = mine.find((c) => c.id === id)!;
    expect(row).toMatchObject({ claims: 10, codes_left: 10, spent_cents: 1000 });
    expect(row.reach).toBeGreaterThanOrEqual(11);
    expect(row.claims_by_week).toEqual([{ week: expect.any(String), claims: 10 }]);

    // another brand, a fan and anon get none of it
    expect(
      ((await otherBrand.client.rpc('my_campaigns')).data as unknown[]).map((c) => (c as { id: string }).id),
    ).not.toContain(id);
    expect((await fans[0]!.client.rpc('my_campaigns')).data).toEqual([]);
    expect((await anonClient(backend).rpc('my_campaigns')).error).not.toBeNull();
    // the brand reads no fan's calendar, locker or claim, and cannot reach the private assignments
    for (const table of ['daily_rewards', 'locker_items', 'reward_claims']) {
      const r = await brand.client.from(table).select('*').eq('fan_id', fans[0]!.id);
      expect(r.data ?? [], table).toEqual([]);
    }
    const claims = await brand.client
      .schema('private' as 'public')
      .from('campaign_claims')
      .select('*');
    expect(claims.data ?? []).toEqual([]);
    expect((await brand.client.rpc('fulfil_campaign_claim', {})).error).not.toBeNull();
  });
});
