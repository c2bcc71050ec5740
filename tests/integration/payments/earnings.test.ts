/**
 * Real earnings for artists (20261129030000_artist_earnings.sql, stripe-webhook/ledger.ts): paid
 * invoices are recorded with Stripe's fee as the charge's balance transaction reports it, refunds
 * lower the net, a paid invoice told twice is recorded once, and an artist reads only their own
 * aggregates — never a fan. Attacks: a fan, another artist, anon, the ledger through REST, and the
 * service-only RPCs called by a signed-in user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { anonClient, createArtistClient, createUserClient, uniqueEmail } from '../helpers/backend';
import { payOnCheckoutPage, withPayments, type PaymentsHarness } from '../helpers/payments';

type Actor = { client: SupabaseClient; user: User; accessToken: string };
let h: PaymentsHarness;
let artist: Actor;
let rival: Actor;
const DAY = 24 * 3600;

/** A fan who pays `level` to the artist on a test clock; returns the subscription. */
async function payingFan(tag: string, level: number) {
  const fan = await createUserClient(h.backend, uniqueEmail(tag), 'fan-pass-1');
  const start = Math.floor(Date.now() / 1000);
  const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await h.stripe.customers.create({ email: fan.user.email, test_clock: clock.id });
  await h.backend.query('insert into public.stripe_customers (user_id, customer_id) values ($1, $2)', [
    fan.user.id,
    customer.id,
  ]);
  const res = await fetch(`${h.backend.url}/functions/v1/create-checkout`, {
    method: 'POST',
    headers: {
      apikey: h.backend.anonKey,
      Authorization: `Bearer ${fan.accessToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ artist_id: artist.user.id, level, return_url: 'http://localhost:4173/' }),
  });
  const { url, id } = (await res.json()) as { url: string; id: string };
  expect((await payOnCheckoutPage(url, '4242424242424242')).status).toBe(303);
  await h.edge.webhooksIdle();
  return { fan, clock, start, sub: String((await h.stripe.checkout.sessions.retrieve(id)).subscription) };
}

const earnings = async (who: Actor) => {
  const { data, error } = await who.client.rpc('my_earnings');
  if (error) throw new Error(error.message);
  return (data as Record<string, number>[])[0]!;
};

beforeAll(async () => {
  h = await withPayments();
  artist = await createArtistClient(h.backend, uniqueEmail('earning-artist'), 'artist-pass-1', 'Nova Static');
  rival = await createArtistClient(h.backend, uniqueEmail('rival-artist'), 'artist-pass-1', 'Rival');
  const tiers = await artist.client.from('artist_tiers').insert([
    { artist_id: artist.user.id, level: 1, name: 'Supporter', price: 5 },
    { artist_id: artist.user.id, level: 2, name: 'Insider', price: 10 },
  ]);
  expect(tiers.error).toBeNull();
});
afterAll(async () => {
  await h?.stop();
});

describe("an artist's earnings", () => {
  it('gross, Stripe’s fees and net from paid invoices; MRR, paying fans per tier; a refund lowers the net', async () => {
    expect(await earnings(artist)).toMatchObject({ gross_30d: 0, net_30d: 0, mrr: 0, paying_tier1: 0 });
    const one = await payingFan('earn-1', 1);
    await payingFan('earn-2', 2);
    // $5: fee 2.9 % + 30 ¢ = 45 ¢; $10: 59 ¢ (as the edge's balance transactions say)
    expect(await earnings(artist)).toMatchObject({
      gross_30d: 1500,
      fees_30d: 45 + 59,
      refunds_30d: 0,
      net_30d: 1500 - 104,
      mrr: 1500,
      paying_tier1: 1,
      paying_tier2: 1,
      paying_tier3: 0,
      churned_30d: 0,
    });

    // A renewal a month later is another paid invoice (all-time grows).
    await h.stripe.testHelpers.testClocks.advance(one.clock.id, { frozen_time: one.start + 31 * DAY });
    await h.edge.webhooksIdle();
    expect((await earnings(artist)).gross_all).toBe(2000);

    // The same paid invoice told again, under a new event id: recorded once.
    const before = await earnings(artist);
    const paid = await h.backend.query('select invoice_id from private.stripe_payments where fan_id = $1 limit 1', [
      one.fan.user.id,
    ]);
    const payload = JSON.stringify({
      id: 'evt_invoice_again',
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: (paid.rows[0] as { invoice_id: string }).invoice_id,
          object: 'invoice',
          parent: { type: 'subscription_details', subscription_details: { subscription: one.sub } },
        },
      },
    });
    const again = await fetch(h.webhookUrl, {
      method: 'POST',
      body: payload,
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': h.stripe.webhooks.generateTestHeaderString({ payload, secret: h.edge.webhookSecret }),
      },
    });
    expect(again.status).toBe(200);
    expect(await earnings(artist)).toEqual(before);

    // A refund of the first charge lowers the net by what was refunded.
    const { rows } = await h.backend.query(
      'select charge_id from private.stripe_payments where fan_id = $1 order by paid_at limit 1',
      [one.fan.user.id],
    );
    await h.stripe.refunds.create({ charge: (rows[0] as { charge_id: string }).charge_id, amount: 200 });
    await h.edge.webhooksIdle();
    const after = await earnings(artist);
    expect(after.refunds_all).toBe(200);
    expect(after.net_all).toBe(before.net_all! - 200);
  });

  it('churn counts a paid subscription that ended', async () => {
    const gone = await payingFan('earn-churn', 1);
    await h.stripe.subscriptions.cancel(gone.sub);
    await h.edge.webhooksIdle();
    const e = await earnings(artist);
    expect(e.churned_30d).toBe(1);
    expect(Number(e.churn_rate)).toBeGreaterThan(0);
  });

  it('nobody else reads them, and no one writes the ledger', async () => {
    // another artist sees their own zeros, never these
    expect(await earnings(rival)).toMatchObject({ gross_all: 0, mrr: 0, paying_tier1: 0 });
    const fan = await createUserClient(h.backend, uniqueEmail('nosy-fan'), 'fan-pass-1');
    expect((await fan.client.rpc('my_earnings')).error?.message).toBe('Only an artist has earnings');
    expect((await anonClient(h.backend).rpc('my_earnings')).error).not.toBeNull();
    // the ledger is not in the API, and the webhook's RPCs are the service role's
    expect(
      (
        await artist.client
          .schema('private' as never)
          .from('stripe_payments')
          .select('*')
      ).error,
    ).not.toBeNull();
    const forged = await artist.client.rpc('stripe_record_payment', {
      p_charge_id: 'ch_forged',
      p_invoice_id: 'in_forged',
      p_subscription_id: 'sub_forged',
      p_fan: fan.user.id,
      p_artist: artist.user.id,
      p_level: 3,
      p_amount: 1_000_000,
      p_fee: 0,
      p_currency: 'usd',
      p_paid_at: new Date().toISOString(),
    });
    expect(forged.error?.code).toBe('42501');
    expect(
      (await artist.client.rpc('stripe_record_refund', { p_charge_id: 'x', p_amount_refunded: 1 })).error?.code,
    ).toBe('42501');
    const { rows } = await h.backend.query(
      "select count(*)::int n from private.stripe_payments where charge_id = 'ch_forged'",
    );
    expect(rows).toEqual([{ n: 0 }]);
    // a fan cannot set the churn column of their own subscription row
    const own = await fan.client
      .from('subscriptions')
      .insert({
        id: `${fan.user.id}|${artist.user.id}`,
        fan_id: fan.user.id,
        artist_id: artist.user.id,
        paid_ended_at: new Date().toISOString(),
      })
      .select('paid_ended_at');
    expect(own.error ?? own.data?.[0]?.paid_ended_at ?? null).toBeNull();
  });
});
