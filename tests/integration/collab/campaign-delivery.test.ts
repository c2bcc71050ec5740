/**
 * An accepted collaboration delivers a brand campaign's codes to the artist's followers, and the
 * artist's earnings accrue in a ledger both parties see (20261129300000_collab_campaign_delivery.sql).
 * Attacks: another brand links your campaign or your offer, the artist links, a pending offer is
 * linked, ledger and link rows are written through REST, a third user reads the ledger.
 * (App tokens: tests/integration/mediaid-api/fence.test.ts checks every table and definer RPC.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtistClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { daysPass, isoDay } from '../fan/reward-helpers';
import { brandClient, codesNamed, fanClient, launch, type Brand, type Who } from '../brand/campaign-helpers';

let backend: LocalBackend;
let brand: Brand;
let otherBrand: Brand;
let artist: Who;

const proposal = (to: string) => ({
  p_to: to,
  p_title: 'Night Bus Sessions',
  p_narrative: '',
  p_timeline: '3-4 weeks',
  p_reach: '',
  p_deliverables: '',
  p_budget: 500,
});

/** A brand-to-artist offer, accepted by the artist unless `accept` is false. */
async function offer(from: Who, to: Who, accept = true): Promise<string> {
  const sent = await from.client.rpc('collab_send', proposal(to.id));
  if (sent.error) throw new Error(sent.error.message);
  const id = (sent.data as { id: string }).id;
  if (accept) {
    const ok = await to.client.rpc('collab_respond', { p_id: id, p_action: 'accept' });
    if (ok.error) throw new Error(ok.error.message);
  }
  return id;
}

async function follow(fan: Who, who: Who) {
  const f = await fan.client.from('subscriptions').insert({ fan_id: fan.id, artist_id: who.id, artist_name: 'Nova' });
  expect(f.error).toBeNull();
}

const brandDays = async (fan: Who, campaign: string) =>
  (
    await backend.query('select day from public.daily_rewards where fan_id = $1 and campaign_id = $2 order by day', [
      fan.id,
      campaign,
    ])
  ).rows as { day: number }[];

const deliver = (who: Who, offerId: string, campaign: string) =>
  who.client.rpc('collab_deliver_campaign', { p_offer: offerId, p_campaign: campaign });

beforeAll(async () => {
  backend = await withBackend();
  brand = await brandClient(backend, 'Loop Coffee');
  otherBrand = await brandClient(backend, 'Other Brand');
  const a = await createArtistClient(backend, uniqueEmail('dlv-artist'), 'secret-password-1', 'Nova Static');
  artist = { client: a.client, id: a.user.id };
});
afterAll(async () => {
  await backend?.stop();
});

describe('delivering a campaign through an accepted collaboration', () => {
  it("reaches the artist's consenting followers only; a claim accrues the payout per code, seen by both parties", async () => {
    const offerId = await offer(brand, artist);
    // Jazz targeting: none of these fans match it on their own
    const campaign = await launch(brand, codesNamed('NOVA', 5), { genres: ['Jazz'], payout_per_code_cents: 250 });
    const consenting = await fanClient(backend, 'dlv-yes', { genres: ['Electronic'], brandOffers: true });
    const silent = await fanClient(backend, 'dlv-no', { genres: ['Electronic'], brandOffers: false });
    const stranger = await fanClient(backend, 'dlv-stranger', { genres: ['Electronic'], brandOffers: true });
    await follow(consenting, artist);
    await follow(silent, artist);
    expect(await brandDays(consenting, campaign)).toEqual([]);

    const linked = await deliver(brand, offerId, campaign);
    await backend.calendarJobs.runNow(); // the calendar fills the call queued
    expect(linked.error).toBeNull();
    expect(linked.data).toMatchObject({ offer_id: offerId, campaign_id: campaign, artist_id: artist.id });
    const [day] = await brandDays(consenting, campaign);
    expect(day).toBeDefined();
    expect(await brandDays(silent, campaign)).toEqual([]);
    expect(await brandDays(stranger, campaign)).toEqual([]);
    // linking again changes nothing
    expect((await deliver(brand, offerId, campaign)).error).toBeNull();
    expect((await brandDays(consenting, campaign)).length).toBe(1);

    await daysPass(backend, consenting.id, day!.day - 1);
    const claimed = await consenting.client.from('reward_claims').insert({ fan_id: consenting.id, day: day!.day });
    expect(claimed.error).toBeNull();

    for (const who of [artist, brand]) {
      const rows = await who.client.from('collab_earnings').select('*').eq('offer_id', offerId);
      expect(rows.error).toBeNull();
      expect(rows.data).toEqual([
        expect.objectContaining({ campaign_id: campaign, amount_cents: 250, reason: 'code_claimed' }),
      ]);
      expect(JSON.stringify(rows.data)).not.toContain(consenting.id);
      const totals = await who.client.rpc('my_collab_earnings');
      expect(totals.data).toEqual([{ offer_id: offerId, total_cents: 250, code_claims: 1, flat_fees: 0 }]);
      const link = await who.client.from('collab_campaigns').select('campaign_title').eq('offer_id', offerId);
      expect(link.data).toEqual([{ campaign_title: 'Hear It Raw' }]);
    }
    for (const who of [otherBrand, consenting]) {
      expect.soft((await who.client.from('collab_earnings').select('*')).data).toEqual([]);
      expect.soft((await who.client.from('collab_campaigns').select('*')).data).toEqual([]);
      expect.soft((await who.client.rpc('my_collab_earnings')).data).toEqual([]);
    }
    // the ledger never holds more than the campaign spent
    const spent = await backend.query('select spent_cents from public.brand_campaigns where id = $1', [campaign]);
    expect(Number(spent.rows[0].spent_cents)).toBe(250);
  });

  it('flat rate accrues once when linked; revenue share accrues nothing', async () => {
    const offerId = await offer(brand, artist);
    const flat = await launch(brand, codesNamed('FLAT', 2), {
      payout_model: 'flat_rate',
      payout_per_code_cents: 0,
      flat_fee_cents: 4_000,
    });
    const share = await launch(brand, codesNamed('SHARE', 2), {
      payout_model: 'revenue_share',
      payout_per_code_cents: 0,
      revenue_share_pct: 5,
    });
    expect((await deliver(brand, offerId, flat)).error).toBeNull();
    expect((await deliver(brand, offerId, flat)).error).toBeNull();
    expect((await deliver(brand, offerId, share)).error).toBeNull();
    const rows = await artist.client
      .from('collab_earnings')
      .select('campaign_id, amount_cents, reason')
      .eq('offer_id', offerId);
    expect(rows.data).toEqual([{ campaign_id: flat, amount_cents: 4_000, reason: 'flat_fee' }]);
    // a campaign goes through one collaboration only (its flat fee is paid once)
    const second = await offer(brand, artist);
    expect((await deliver(brand, second, flat)).error?.message).toMatch(/another collaboration/);
  });
});

describe('attacks on delivery and the ledger', () => {
  it('refuses other brands, the artist, open offers and ended campaigns', async () => {
    const offerId = await offer(brand, artist);
    const mine = await launch(brand, codesNamed('MINE', 2));
    const theirs = await launch(otherBrand, codesNamed('THEIRS', 2));
    // another brand links my campaign to its offer, or its campaign to my offer
    const theirOffer = await offer(otherBrand, artist);
    expect.soft((await deliver(otherBrand, theirOffer, mine)).error?.message).toBe('No such campaign');
    expect.soft((await deliver(otherBrand, offerId, theirs)).error?.message).toBe('No such collaboration');
    // I link another brand's campaign to my offer
    expect.soft((await deliver(brand, offerId, theirs)).error?.message).toBe('No such campaign');
    // the artist is a party, but only the brand delivers its codes
    expect
      .soft((await deliver(artist, offerId, mine)).error?.message)
      .toBe('Only the brand delivers its campaign codes');
    // a pending offer
    const pending = await offer(brand, artist, false);
    expect.soft((await deliver(brand, pending, mine)).error?.message).toMatch(/Only an accepted collaboration/);
    // a stopped campaign (20261130100000): no link, no flat fee for the artist
    const halted = await launch(brand, codesNamed('HALT', 2), {
      payout_model: 'flat_rate',
      payout_per_code_cents: 0,
      flat_fee_cents: 500,
    });
    expect((await brand.client.rpc('campaign_stop', { p_campaign: halted })).error).toBeNull();
    expect
      .soft((await deliver(brand, offerId, halted)).error?.message)
      .toBe('This campaign was stopped: it delivers no more codes');
    // an ended campaign
    await backend.query(
      'update public.brand_campaigns set starts_on = $2::date, ends_on = $3::date, created_at = now() where id = $1',
      [mine, isoDay(-10), isoDay(-1)],
    );
    expect.soft((await deliver(brand, offerId, mine)).error?.message).toMatch(/has ended/);
    expect(
      (
        await backend.query('select count(*)::int n from public.collab_campaigns where campaign_id in ($1, $2, $3)', [
          mine,
          theirs,
          halted,
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it('no API role writes links or ledger rows', async () => {
    const offerId = await offer(brand, artist);
    const campaign = await launch(brand, codesNamed('W', 1), { payout_model: 'hybrid', flat_fee_cents: 500 });
    const row = {
      offer_id: offerId,
      campaign_id: campaign,
      artist_id: artist.id,
      brand_id: brand.id,
      amount_cents: 999_999,
      reason: 'flat_fee',
    };
    for (const who of [artist, brand]) {
      expect.soft((await who.client.from('collab_earnings').insert(row)).error).not.toBeNull();
      expect
        .soft(
          (
            await who.client.from('collab_campaigns').insert({
              campaign_id: campaign,
              offer_id: offerId,
              artist_id: artist.id,
              brand_id: brand.id,
              campaign_title: 'x',
              payout_model: 'per_code',
            })
          ).error,
        )
        .not.toBeNull();
    }
    expect.soft((await deliver(brand, offerId, campaign)).error).toBeNull();
    for (const who of [artist, brand]) {
      await who.client.from('collab_earnings').update({ amount_cents: 999_999 }).eq('offer_id', offerId);
      await who.client.from('collab_earnings').delete().eq('offer_id', offerId);
      await who.client.from('collab_campaigns').delete().eq('offer_id', offerId);
    }
    const left = await backend.query(
      'select amount_cents::int a, reason from public.collab_earnings where offer_id = $1',
      [offerId],
    );
    expect(left.rows).toEqual([{ a: 500, reason: 'flat_fee' }]);
    const links = await backend.query('select count(*)::int n from public.collab_campaigns where offer_id = $1', [
      offerId,
    ]);
    expect(links.rows[0].n).toBe(1);
  });
});
