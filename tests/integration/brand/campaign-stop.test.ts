/**
 * A brand's campaign after launch (20261130100000_campaign_stop_and_codes.sql) on the local backend
 * through supabase-js: the owner stops a campaign (no new calendar days, a waiting claim refused
 * with a clear message and no code, claimed codes stay, my_campaigns() says 'stopped') and adds
 * codes to a running one (duplicates skipped and counted, the 10,000 cap). Attacks: another brand,
 * a fan, anon and an app token can do neither; a stopped campaign takes no codes by any path; no API
 * role can flip it back by writing the table.
 */
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, withBackend, type LocalBackend } from '../helpers/backend';
import { daysPass } from '../fan/reward-helpers';
import { appClient, supabaseAppToken } from '../mediaid-api/helpers';
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

const brandDays = async (fan: Who, campaign: string) =>
  (
    await backend.query('select day from public.daily_rewards where fan_id = $1 and campaign_id = $2 order by day', [
      fan.id,
      campaign,
    ])
  ).rows as Array<{ day: number }>;
const claim = (fan: Who, day: number) => fan.client.from('reward_claims').insert({ fan_id: fan.id, day });
const campaignRow = async (id: string) =>
  (
    await backend.query(
      'select claimed_count, code_count, stopped_at is not null as stopped from public.brand_campaigns where id = $1',
      [id],
    )
  ).rows[0] as { claimed_count: number; code_count: number; stopped: boolean };
const electronicFan = (tag: string) => fanClient(backend, tag, { genres: ['Electronic'], brandOffers: true });
const STOPPED_MESSAGE =
  /^Day \d+: the brand stopped this campaign before your claim reached Bucket, so nothing was given/;

describe('the owner stops a campaign', () => {
  it('no new days, a waiting claim is refused and gives nothing, claimed codes stay, the card reads stopped', async () => {
    const id = await launch(brand, codesNamed('STOP', 10), { title: 'Stop Me' });
    const claimed = await electronicFan('s-claimed');
    const waiting = await electronicFan('s-waiting');
    const future = await electronicFan('s-future');
    for (const fan of [claimed, waiting, future]) expect(await brandDays(fan, id)).toEqual([{ day: 2 }]);
    await daysPass(backend, claimed.id, 1);
    expect((await claim(claimed, 2)).error).toBeNull();
    await daysPass(backend, waiting.id, 1); // day 2 is today for this fan: on their device, not claimed yet

    const stopped = await brand.client.rpc('campaign_stop', { p_campaign: id });
    await backend.calendarJobs.runNow(); // the calendar fills the call queued
    expect(stopped.error).toBeNull();
    expect(stopped.data).toMatchObject({ claims: 1, stopped_at: expect.any(String) });
    // stopping twice changes nothing
    expect((await brand.client.rpc('campaign_stop', { p_campaign: id })).data).toMatchObject({ claims: 1 });

    const mine = (await brand.client.rpc('my_campaigns')).data as Array<Record<string, unknown>>;
    expect(mine.find((c) => c.id === id)).toMatchObject({
      status: 'stopped',
      claims: 1,
      codes_left: 9,
      stopped_at: expect.any(String),
    });
    // a future day leaves the calendar at once; today's day stays as the fan saw it; a new fan gets none
    expect(await brandDays(future, id)).toEqual([]);
    expect(await brandDays(waiting, id)).toEqual([{ day: 2 }]);
    expect(await brandDays(await electronicFan('s-late'), id)).toEqual([]);

    const refused = await claim(waiting, 2);
    expect(refused.error?.message).toMatch(STOPPED_MESSAGE);
    expect(await campaignRow(id)).toMatchObject({ claimed_count: 1, stopped: true });
    const waitingCodes = await waiting.client.from('locker_items').select('code_value').eq('type', 'code');
    expect(waitingCodes.data).toEqual([]);
    const held = await claimed.client.from('locker_items').select('code_value').eq('type', 'code');
    expect(held.data).toEqual([{ code_value: 'STOP-0000' }]);
    const taken = await backend.query(
      'select count(*)::int n from public.campaign_codes where campaign_id = $1 and taken',
      [id],
    );
    expect(taken.rows[0]).toEqual({ n: 1 });
  });
});

describe('the owner adds codes to a running campaign', () => {
  it('adds new codes, skips ones already in the pool or repeated, and says how many', async () => {
    const id = await launch(brand, codesNamed('ADD', 3));
    const r = await brand.client.rpc('campaign_add_codes', {
      p_campaign: id,
      p_codes: ['NEW-1', ' NEW-2 ', 'NEW-1', 'ADD-0000', 'ADD-0002'],
    });
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ added: 2, skipped: 3, code_count: 5 });
    expect(await campaignRow(id)).toMatchObject({ code_count: 5 });
    // a fan who matches gets the campaign once codes are there
    const empty = await launch(brand, [], { title: 'Codes Later' });
    const fan = await electronicFan('s-add-fan');
    expect(await brandDays(fan, empty)).toEqual([]);
    expect((await brand.client.rpc('campaign_add_codes', { p_campaign: empty, p_codes: ['LATE-1'] })).data).toEqual({
      added: 1,
      skipped: 0,
      code_count: 1,
    });
    await backend.calendarJobs.runNow(); // the calendar fills the call queued
    expect(await brandDays(fan, empty)).toHaveLength(1);
  });

  it('keeps the 10,000 cap: nothing is added when the pool would pass it', async () => {
    const id = await launch(brand, []);
    await backend.query(
      "insert into public.campaign_codes (campaign_id, code) select $1, 'CAP-' || g from generate_series(1, 9999) g",
      [id],
    );
    const over = await brand.client.rpc('campaign_add_codes', { p_campaign: id, p_codes: ['CAP-A', 'CAP-B'] });
    expect(over.error?.message).toBe('A campaign holds at most 10,000 codes');
    expect(await campaignRow(id)).toMatchObject({ code_count: 9999 });
    // a duplicate does not count against the cap
    const fits = await brand.client.rpc('campaign_add_codes', { p_campaign: id, p_codes: ['CAP-1', 'CAP-A'] });
    expect(fits.data).toEqual({ added: 1, skipped: 1, code_count: 10_000 });
  });
});

describe('attacks on stopping and adding codes', () => {
  it('another brand, a fan, anon and an app token can neither stop a campaign nor add codes to it', async () => {
    const id = await launch(brand, codesNamed('SAFE', 2));
    const fan = await electronicFan('s-attacker');
    const user = (await brand.client.auth.getUser()).data.user as User;
    const app = appClient(backend, await supabaseAppToken(backend, user, 'bkt_campaignstopprobe'));
    for (const [who, client] of [
      ['another brand', otherBrand.client],
      ['a fan', fan.client],
    ] as const) {
      expect((await client.rpc('campaign_stop', { p_campaign: id })).error?.message, who).toBe('No such campaign');
      const add = await client.rpc('campaign_add_codes', { p_campaign: id, p_codes: ['INJECTED'] });
      expect(add.error?.message, who).toBe('No such campaign');
    }
    expect((await anonClient(backend).rpc('campaign_stop', { p_campaign: id })).error).not.toBeNull();
    expect(
      (await anonClient(backend).rpc('campaign_add_codes', { p_campaign: id, p_codes: ['INJECTED'] })).error,
    ).not.toBeNull();
    expect((await app.rpc('campaign_stop', { p_campaign: id })).error?.message).toBe('invalid_token');
    expect((await app.rpc('campaign_add_codes', { p_campaign: id, p_codes: ['INJECTED'] })).error?.message).toBe(
      'invalid_token',
    );
    expect(await campaignRow(id)).toEqual({ claimed_count: 0, code_count: 2, stopped: false });
    const injected = await backend.query("select count(*)::int n from public.campaign_codes where code = 'INJECTED'");
    expect(injected.rows[0]).toEqual({ n: 0 });
  });

  it('a stopped campaign takes no codes, by the function or by inserting rows', async () => {
    const id = await launch(brand, codesNamed('SHUT', 2));
    expect((await brand.client.rpc('campaign_stop', { p_campaign: id })).error).toBeNull();
    const add = await brand.client.rpc('campaign_add_codes', { p_campaign: id, p_codes: ['SHUT-NEW'] });
    expect(add.error?.message).toBe('This campaign was stopped: it takes no more codes');
    const direct = await brand.client.from('campaign_codes').insert([{ campaign_id: id, code: 'SHUT-ROW' }]);
    expect(direct.error?.message).toBe('This campaign was stopped: it takes no more codes');
    expect(await campaignRow(id)).toMatchObject({ code_count: 2 });
  });

  it('no API role flips a stopped campaign back, or launches one already stopped', async () => {
    const id = await launch(brand, codesNamed('BACK', 2));
    expect((await brand.client.rpc('campaign_stop', { p_campaign: id })).error).toBeNull();
    const flip = await brand.client.from('brand_campaigns').update({ stopped_at: null }).eq('id', id);
    expect(flip.error?.message).toMatch(/permission denied/);
    const gone = await brand.client.from('brand_campaigns').delete().eq('id', id);
    expect(gone.error?.message).toMatch(/permission denied/);
    expect(await campaignRow(id)).toMatchObject({ stopped: true });
    const preset = await brand.client.from('brand_campaigns').insert({
      brand_id: brand.id,
      title: 'Pre-stopped',
      budget_cents: 1000,
      payout_model: 'per_code',
      payout_per_code_cents: 100,
      starts_on: new Date().toISOString().slice(0, 10),
      ends_on: new Date().toISOString().slice(0, 10),
      stopped_at: '2020-01-01T00:00:00Z',
    });
    expect(preset.error?.message).toMatch(/permission denied/);
  });
});
