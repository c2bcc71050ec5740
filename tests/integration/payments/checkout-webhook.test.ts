/**
 * Paying for a tier end to end through HTTP: create-checkout with the fan's session,
 * the local Stripe edge's hosted page with Stripe's test cards, webhooks signed as Stripe signs
 * them, stripe-webhook verifying with the official SDK and granting the tier in subscriptions.
 * Then what must change nothing: a forged signature, an event replayed, events out of order or
 * twice, a client-sent price; and the edge's Stripe-shaped errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createArtistClient, createUserClient, uniqueEmail } from '../helpers/backend';
import { payOnCheckoutPage, withPayments, type PaymentsHarness } from '../helpers/payments';
import { signatureHeader } from '../../../supabase/local/stripe/webhooks';

type Actor = { client: SupabaseClient; user: User; accessToken: string };
let h: PaymentsHarness;
let artist: Actor;
let fan: Actor;
let subscriptionId = '';

async function invoke(who: Actor, name: string, body: Record<string, unknown>) {
  const res = await fetch(`${h.backend.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: h.backend.anonKey,
      Authorization: `Bearer ${who.accessToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}
const subOf = async (who: Actor) =>
  (
    await who.client
      .from('subscriptions')
      .select('tier, price, stripe_status, cancel_at_period_end')
      .eq('artist_id', artist.user.id)
  ).data;
const eventCount = async () =>
  Number((await h.backend.query('select count(*)::int as n from public.stripe_events')).rows[0].n);

async function postEvent(event: Record<string, unknown>, secret = h.edge.webhookSecret, timestamp?: number) {
  const payload = JSON.stringify(event);
  const res = await fetch(h.webhookUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signatureHeader(payload, secret, timestamp) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const subscriptionEvent = (id: string, type: string, object: Record<string, unknown>) => ({
  id,
  object: 'event',
  type,
  api_version: Stripe.API_VERSION,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object },
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
});

beforeAll(async () => {
  h = await withPayments();
  artist = await createArtistClient(h.backend, uniqueEmail('artist'), 'artist-pass-1', 'Nova Static');
  fan = await createUserClient(h.backend, uniqueEmail('fan'), 'fan-pass-1');
  const tiers = await artist.client.from('artist_tiers').insert([
    { artist_id: artist.user.id, level: 1, name: 'Supporter', price: 5, benefits: ['Tier 1 tracks'] },
    { artist_id: artist.user.id, level: 2, name: 'Insider', price: 10, benefits: ['Tier 2 tracks'] },
  ]);
  expect(tiers.error).toBeNull();
  expect(
    (await fan.client.from('subscriptions').insert({ fan_id: fan.user.id, artist_id: artist.user.id })).error,
  ).toBeNull();
});
afterAll(async () => {
  await h?.stop();
});

describe('a fan pays for Tier 2', () => {
  it("the price is the database's, and 4242 4242 4242 4242 grants the tier only through the webhook", async () => {
    const made = await invoke(fan, 'create-checkout', {
      artist_id: artist.user.id,
      level: 2,
      price: 1,
      unit_amount: 100,
      return_url: 'http://localhost:4173/dashboard/fan',
    });
    expect(made.status).toBe(200);
    const session = await h.stripe.checkout.sessions.retrieve(made.body.id!);
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 1000, status: 'open' });
    expect(await subOf(fan)).toEqual([{ tier: 'free', price: 0, stripe_status: null, cancel_at_period_end: false }]);
    const page = await (await fetch(made.body.url!)).text();
    for (const label of ['Email', 'Card information', 'Cardholder name', 'Subscribe']) expect(page).toContain(label);
    const paid = await payOnCheckoutPage(made.body.url!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:4173/dashboard/fan?checkout=success');
    await h.edge.webhooksIdle();
    // Stripe does not promise an order; the set is what Stripe sends for a subscription Checkout
    expect(
      h.edge
        .delivered()
        .map((d) => `${d.type} ${d.status}`)
        .sort(),
    ).toEqual(['checkout.session.completed 200', 'customer.subscription.created 200', 'invoice.paid 200']);
    expect(await subOf(fan)).toEqual([
      { tier: 'tier2', price: 10, stripe_status: 'active', cancel_at_period_end: false },
    ]);
    subscriptionId = String((await h.stripe.checkout.sessions.retrieve(made.body.id!)).subscription);
    // one customer per user: a second checkout is refused while paying, and no second customer exists
    expect(
      await invoke(fan, 'create-checkout', {
        artist_id: artist.user.id,
        level: 1,
        return_url: 'http://localhost:4173/',
      }),
    ).toMatchObject({ status: 409 });
    expect(
      (
        await h.backend.query('select count(*)::int as n from public.stripe_customers where user_id = $1', [
          fan.user.id,
        ])
      ).rows[0].n,
    ).toBe(1);
  });

  it("a declined card shows Stripe's message and grants nothing", async () => {
    const other = await createUserClient(h.backend, uniqueEmail('declined'), 'fan-pass-2');
    const delivered = h.edge.delivered().length;
    const made = await invoke(other, 'create-checkout', {
      artist_id: artist.user.id,
      level: 2,
      return_url: 'http://localhost:4173/',
    });
    const res = await payOnCheckoutPage(made.body.url!, '4000 0000 0000 0002');
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Your card was declined.');
    await h.edge.webhooksIdle();
    expect(h.edge.delivered().length).toBe(delivered);
    expect(await subOf(other)).toEqual([]);
  });
});

describe('webhooks that must change nothing', () => {
  it('a forged signature, a stale timestamp, a replayed or duplicated event', async () => {
    const before = { sub: await subOf(fan), events: await eventCount() };
    const forged = subscriptionEvent('evt_forged_1', 'customer.subscription.deleted', {
      id: subscriptionId,
      object: 'subscription',
    });
    expect((await postEvent(forged, 'whsec_not_the_secret')).status).toBe(400);
    const unsigned = await fetch(h.webhookUrl, { method: 'POST', body: JSON.stringify(forged) });
    expect(unsigned.status).toBe(400);
    expect((await postEvent(forged, h.edge.webhookSecret, Math.floor(Date.now() / 1000) - 600)).status).toBe(400);
    expect({ sub: await subOf(fan), events: await eventCount() }).toEqual(before);
    // a genuine event delivered twice: the second changes nothing, even with another body
    const real = subscriptionEvent('evt_twice_1', 'customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
    });
    expect(await postEvent(real)).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect(await postEvent(real)).toMatchObject({ status: 200, body: { result: 'duplicate' } });
    expect(await eventCount()).toBe(before.events + 1);
    expect(await subOf(fan)).toEqual(before.sub);
  });

  it('out of order: a late "created" after the cancellation does not bring the tier back', async () => {
    await h.stripe.subscriptions.cancel(subscriptionId);
    await h.edge.webhooksIdle();
    expect(await subOf(fan)).toEqual([
      { tier: 'free', price: 0, stripe_status: 'canceled', cancel_at_period_end: false },
    ]);
    // the "created" event's own copy says active: the state retrieved from Stripe says canceled
    const late = subscriptionEvent('evt_late_created', 'customer.subscription.created', {
      id: subscriptionId,
      object: 'subscription',
      status: 'active',
    });
    expect((await postEvent(late)).status).toBe(200);
    expect(await subOf(fan)).toEqual([
      { tier: 'free', price: 0, stripe_status: 'canceled', cancel_at_period_end: false },
    ]);
  });

  it('an event about a subscription whose customer is not the named fan grants nothing', async () => {
    const intruder = await createUserClient(h.backend, uniqueEmail('intruder'), 'fan-pass-3');
    const customer = await h.stripe.customers.create({ email: 'someone@example.test' });
    expect(customer.id).toMatch(/^cus_/);
    // a subscription object claiming the intruder, paid by a customer that is not theirs
    const evt = subscriptionEvent('evt_claim_1', 'customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
      metadata: { fan_id: intruder.user.id },
    });
    expect(await postEvent(evt)).toMatchObject({ status: 200 });
    expect(await subOf(intruder)).toEqual([]);
  });
});

describe("billing portal and the edge's errors", () => {
  it("Manage subscription opens the portal for the caller's own customer only", async () => {
    const portal = await invoke(fan, 'billing-portal', { return_url: 'http://localhost:4173/dashboard/fan' });
    expect(portal.status).toBe(200);
    expect(await (await fetch(portal.body.url!)).text()).toContain('Return to Bucket');
    const stranger = await createUserClient(h.backend, uniqueEmail('stranger'), 'fan-pass-4');
    expect(await invoke(stranger, 'billing-portal', { return_url: 'http://localhost:4173/' })).toMatchObject({
      status: 404,
    });
  });

  it('answers what it does not implement, and a wrong key, as Stripe-shaped errors', async () => {
    await expect(h.stripe.coupons.create({ percent_off: 50 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
    });
    await expect(h.stripe.prices.create({ currency: 'eur', unit_amount: 5, product: 'prod_x' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    const wrong = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: h.edge.port, protocol: 'http' });
    await expect(wrong.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});
