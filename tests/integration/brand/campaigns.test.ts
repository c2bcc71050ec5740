/**
 * Brands run campaigns (issue 40 item 3, 20261129200000_brand_campaigns.sql) on the local backend
 * through supabase-js: a brand launches a campaign with a pool of codes; server-owned figures stay
 * the server's; other brands, fans and anon can neither read nor add to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, withBackend, type LocalBackend } from '../helpers/backend';
import { isoDay } from '../fan/reward-helpers';
import { brandClient, campaignRow, codesNamed, fanClient, launch, type Brand, type Who } from './campaign-helpers';

let backend: LocalBackend;
let brand: Brand;
let otherBrand: Brand;
let fan: Who;

beforeAll(async () => {
  backend = await withBackend();
  brand = await brandClient(backend, 'Loop Coffee');
  otherBrand = await brandClient(backend, 'Other Brand');
  fan = await fanClient(backend, 'campaign-fan', { brandOffers: true });
});
afterAll(async () => {
  await backend?.stop();
});

describe('a brand launches a campaign', () => {
  it('stores it as the brand’s own, with server-set name, pool size and spend', async () => {
    const id = await launch(brand, codesNamed('LOOP', 25), {
      payout_model: 'hybrid',
      flat_fee_cents: 2_000,
      payout_per_code_cents: 150,
      genres: ['Jazz', 'Electronic', 'Jazz'],
    });
    const row = await brand.client.from('brand_campaigns').select('*').eq('id', id).single();
    expect(row.data).toMatchObject({
      brand_id: brand.id,
      brand_name: 'Loop Coffee',
      genres: ['Electronic', 'Jazz'],
      code_count: 25,
      claimed_count: 0,
      spent_cents: 2_000, // the flat fee is committed at launch
    });
    const codes = await brand.client.from('campaign_codes').select('code, taken').eq('campaign_id', id);
    expect(codes.data).toHaveLength(25);
    expect(codes.data!.every((c) => c.taken === false)).toBe(true);
    // adding more codes later counts them; a code twice in one campaign is refused
    expect((await brand.client.from('campaign_codes').insert([{ campaign_id: id, code: 'EXTRA-1' }])).error).toBeNull();
    const dup = await brand.client.from('campaign_codes').insert([{ campaign_id: id, code: 'LOOP-0001' }]);
    expect(dup.error?.code).toBe('23505');
    const after = await brand.client.from('brand_campaigns').select('code_count').eq('id', id).single();
    expect(after.data).toEqual({ code_count: 26 });
  });

  it('refuses bad figures: a payout model without its payout, a past start, over 90 days, a fee over budget', async () => {
    const bad = [
      { payout_model: 'per_code', payout_per_code_cents: 0 },
      { payout_model: 'flat_rate', payout_per_code_cents: 0, flat_fee_cents: 0 },
      { starts_on: isoDay(-1) },
      { ends_on: isoDay(120) },
      { payout_model: 'flat_rate', payout_per_code_cents: 0, flat_fee_cents: 20_000 },
      { genres: ['Polka'] },
      { min_followers: 7 },
    ];
    for (const over of bad) {
      const r = await brand.client.from('brand_campaigns').insert(campaignRow(brand.id, over));
      expect(r.error, JSON.stringify(over)).not.toBeNull();
    }
  });
});

describe('attacks on campaigns and codes', () => {
  it('a brand cannot write server-owned columns (name, counts, spend)', async () => {
    for (const over of [
      { brand_name: 'Somebody Famous' },
      { claimed_count: 5, code_count: 5 },
      { spent_cents: 0, payout_model: 'flat_rate', payout_per_code_cents: 0, flat_fee_cents: 5_000 },
      { created_at: '2020-01-01T00:00:00Z' },
    ]) {
      const r = await brand.client.from('brand_campaigns').insert(campaignRow(brand.id, over));
      expect(r.error?.message, JSON.stringify(over)).toMatch(/permission denied/);
    }
    const id = await launch(brand, ['ONE']);
    const upd = await brand.client.from('brand_campaigns').update({ claimed_count: 0, spent_cents: 0 }).eq('id', id);
    expect(upd.error?.message).toMatch(/permission denied/);
    const taken = await brand.client.from('campaign_codes').update({ taken: false }).eq('campaign_id', id);
    expect(taken.error?.message).toMatch(/permission denied/);
    const del = await brand.client.from('campaign_codes').delete().eq('campaign_id', id);
    expect(del.error?.message).toMatch(/permission denied/);
  });

  it('another brand neither reads a campaign nor adds codes to it; fans cannot launch or add codes', async () => {
    const id = await launch(brand, ['MINE-1', 'MINE-2']);
    const read = await otherBrand.client.from('brand_campaigns').select('id').eq('id', id);
    expect(read.data).toEqual([]);
    const codes = await otherBrand.client.from('campaign_codes').select('code').eq('campaign_id', id);
    expect(codes.data).toEqual([]);
    const add = await otherBrand.client.from('campaign_codes').insert([{ campaign_id: id, code: 'INJECTED' }]);
    expect(add.error?.message).toMatch(/row-level security/);
    const asOwner = await otherBrand.client.from('brand_campaigns').insert(campaignRow(brand.id));
    expect(asOwner.error?.message).toMatch(/row-level security/);

    const fanAdd = await fan.client.from('campaign_codes').insert([{ campaign_id: id, code: 'FAN-CODE' }]);
    expect(fanAdd.error?.message).toMatch(/row-level security/);
    const fanLaunch = await fan.client.from('brand_campaigns').insert(campaignRow(fan.id));
    expect(fanLaunch.error?.message).toMatch(/row-level security/);
    expect((await fan.client.from('campaign_codes').select('code')).data).toEqual([]);
    expect((await anonClient(backend).from('brand_campaigns').select('id')).error).not.toBeNull();

    const pool = await backend.query('select count(*)::int n from public.campaign_codes where campaign_id = $1', [id]);
    expect(pool.rows[0].n).toBe(2);
  });
});
