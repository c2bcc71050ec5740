/**
 * How a paid tier ends (20261129110000_paid_tier_lifecycle.sql, stripe-webhook/lifecycle.ts), on
 * the local Stripe edge with signed webhooks and test clocks:
 *   * a failed renewal keeps the tier 7 days from when the unpaid invoice was created, then the
 *     tier is gone at every access check before any pull or job (content RLS), the fan's next
 *     pull writes it down (tier free, reason payment_failed), and no later webhook grants it back;
 *   * a full refund (not a partial one) and a dispute end access now, cancel the subscription at
 *     Stripe, and stay ended when events are told again or out of order.
 * The clocks start in the past, so Stripe's times (the unpaid invoice's) are before the server's now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createArtistClient, createUserClient, uniqueEmail } from '../helpers/backend';
import { payOnCheckoutPage, withPayments, type PaymentsHarness } from '../helpers/payments';
import { contentItemRows, seedContentItems } from '../../fixtures/content-items';

type Actor = { client: SupabaseClient; user: User; accessToken: string };
let h: PaymentsHarness;
let artist: Actor;
let tier1Item: string;
const DAY = 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);

/** A fan paying Tier 1 with `card` on a test clock that starts `daysAgo` days before now. */
async function payingFan(tag: string, card: string, daysAgo: number) {
  const fan = await createUserClient(h.backend, uniqueEmail(tag), 'fan-pass-1');
  const start = now() - daysAgo * DAY;
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
    body: JSON.stringify({ artist_id: artist.user.id, level: 1, return_url: 'http://localhost:4173/' }),
  });
  const { url, id } = (await res.json()) as { url: string; id: string };
  expect((await payOnCheckoutPage(url, card)).status).toBe(303);
  await h.edge.webhooksIdle();
  return { fan, clock, start, sub: String((await h.stripe.checkout.sessions.retrieve(id)).subscription) };
}

/** The stored row, as the fan's devices receive it. */
const row = async (fan: Actor) =>
  (
    await fan.client
      .from('subscriptions')
      .select('tier, stripe_status, access_ended_reason')
      .eq('artist_id', artist.user.id)
  ).data?.[0];
/** What the server lets the fan have now: the tier behind content RLS, and the Tier 1 item. */
const access = async (fan: Actor) => ({
  tier: (await fan.client.rpc('my_tier_for_artist', { p_artist: artist.user.id })).data as number,
  tier1Item: ((await fan.client.from('content_items').select('id').eq('id', tier1Item)).data ?? []).length,
});
const pull = (fan: Actor) => fan.client.rpc('sync_pull', { p_collection: 'followed_content', p_checkpoint: {} });

/** Sends `payload` as a new, correctly signed Stripe event. */
async function tellAgain(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_again_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: now(),
    data: { object },
  });
  const res = await fetch(h.webhookUrl, {
    method: 'POST',
    body: payload,
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': h.stripe.webhooks.generateTestHeaderString({ payload, secret: h.edge.webhookSecret }),
    },
  });
  expect(res.status).toBe(200);
}

const chargeOf = async (fan: Actor) => {
  const { rows } = await h.backend.query(
    'select charge_id, invoice_id from private.stripe_payments where fan_id = $1 order by paid_at limit 1',
    [fan.user.id],
  );
  return rows[0] as { charge_id: string; invoice_id: string };
};

beforeAll(async () => {
  h = await withPayments();
  artist = await createArtistClient(h.backend, uniqueEmail('end-artist'), 'artist-pass-1', 'Nova Static');
  expect(
    (
      await artist.client
        .from('artist_tiers')
        .insert({ artist_id: artist.user.id, level: 1, name: 'Supporter', price: 5 })
    ).error,
  ).toBeNull();
  const [item] = await seedContentItems(
    (sql) => h.backend.query(sql),
    artist.client,
    contentItemRows(artist.user.id, 1, { tag: 'paid', title: 'Members Only' }).map((r) => ({
      ...r,
      subscription_tier_required: 'tier1',
    })),
  );
  tier1Item = item!.id;
});
afterAll(async () => {
  await h?.stop();
});

describe('a failed renewal: 7 days of grace, then free', () => {
  it('inside the grace the tier holds; a renewal that failed 9 days ago grants nothing', async () => {
    // renewals fail 2 and 9 days before now (each clock ran 32 days from its start)
    const inGrace = await payingFan('grace-in', '4000000000000341', 34);
    const pastGrace = await payingFan('grace-out', '4000000000000341', 41);
    for (const f of [inGrace, pastGrace])
      await h.stripe.testHelpers.testClocks.advance(f.clock.id, { frozen_time: f.start + 32 * DAY });
    await h.edge.webhooksIdle();

    expect(await row(inGrace.fan)).toEqual({ tier: 'tier1', stripe_status: 'past_due', access_ended_reason: null });
    expect(await access(inGrace.fan)).toEqual({ tier: 1, tier1Item: 1 });

    // the webhook already knew the grace was over: nothing granted, reason stated
    expect(await row(pastGrace.fan)).toEqual({
      tier: 'free',
      stripe_status: 'past_due',
      access_ended_reason: 'payment_failed',
    });
    expect(await access(pastGrace.fan)).toEqual({ tier: 0, tier1Item: 0 });
  });

  it('a grace that ends between two events: refused with no job run, written down by the pull', async () => {
    const fan = await payingFan('grace-ends', '4000000000000341', 38);
    await h.stripe.testHelpers.testClocks.advance(fan.clock.id, { frozen_time: fan.start + 32 * DAY });
    await h.edge.webhooksIdle();
    expect(await row(fan.fan)).toMatchObject({ tier: 'tier1', stripe_status: 'past_due' });
    // 6 days ago became 8 days ago: time passes, no event, no job
    await h.backend.query(
      "update public.subscriptions set past_due_since = past_due_since - interval '2 days' where fan_id = $1",
      [fan.fan.user.id],
    );
    expect(await row(fan.fan)).toMatchObject({ tier: 'tier1' }); // stored, not yet written down
    expect(await access(fan.fan)).toEqual({ tier: 0, tier1Item: 0 }); // refused all the same
    expect((await pull(fan.fan)).error).toBeNull();
    expect(await row(fan.fan)).toEqual({
      tier: 'free',
      stripe_status: 'past_due',
      access_ended_reason: 'payment_failed',
    });
    // Stripe telling the same past_due state again grants nothing back
    const sub = await h.stripe.subscriptions.retrieve(fan.sub);
    await tellAgain('customer.subscription.updated', sub as unknown as Record<string, unknown>);
    expect(await row(fan.fan)).toMatchObject({ tier: 'free' });
    expect(await access(fan.fan)).toEqual({ tier: 0, tier1Item: 0 });
  });
});

describe('a refund or a dispute ends access', () => {
  it('a partial refund changes nothing; a full refund ends the tier and the subscription, once', async () => {
    const fan = await payingFan('refund', '4242424242424242', 1);
    expect(await access(fan.fan)).toEqual({ tier: 1, tier1Item: 1 });
    const { charge_id, invoice_id } = await chargeOf(fan.fan);
    await h.stripe.refunds.create({ charge: charge_id, amount: 100 });
    await h.edge.webhooksIdle();
    expect(await row(fan.fan)).toEqual({ tier: 'tier1', stripe_status: 'active', access_ended_reason: null });

    await h.stripe.refunds.create({ charge: charge_id });
    await h.edge.webhooksIdle();
    expect(await row(fan.fan)).toEqual({ tier: 'free', stripe_status: 'canceled', access_ended_reason: 'refunded' });
    expect(await access(fan.fan)).toEqual({ tier: 0, tier1Item: 0 });
    expect((await h.stripe.subscriptions.retrieve(fan.sub)).status).toBe('canceled');

    // told again, and the paid invoice told after the refund: still ended
    const charge = await h.stripe.charges.retrieve(charge_id);
    await tellAgain('charge.refunded', charge as unknown as Record<string, unknown>);
    await tellAgain('invoice.paid', {
      id: invoice_id,
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: fan.sub } },
    });
    await h.edge.webhooksIdle();
    expect(await row(fan.fan)).toEqual({ tier: 'free', stripe_status: 'canceled', access_ended_reason: 'refunded' });
    expect(h.edge.delivered().filter((d) => d.type === 'customer.subscription.deleted').length).toBeGreaterThan(0);
  });

  it('a dispute (card 4000 0000 0000 0259) ends the tier and cancels the subscription', async () => {
    const fan = await payingFan('dispute', '4000000000000259', 1);
    expect(h.edge.delivered().some((d) => d.type === 'charge.dispute.created')).toBe(true);
    expect(await row(fan.fan)).toEqual({ tier: 'free', stripe_status: 'canceled', access_ended_reason: 'disputed' });
    expect(await access(fan.fan)).toEqual({ tier: 0, tier1Item: 0 });
    expect((await h.stripe.subscriptions.retrieve(fan.sub)).status).toBe('canceled');
  });

  it('a new Checkout after an ended subscription grants the tier again', async () => {
    const fan = await payingFan('again', '4242424242424242', 1);
    const { charge_id } = await chargeOf(fan.fan);
    await h.stripe.refunds.create({ charge: charge_id });
    await h.edge.webhooksIdle();
    expect((await row(fan.fan))?.tier).toBe('free');
    const res = await fetch(`${h.backend.url}/functions/v1/create-checkout`, {
      method: 'POST',
      headers: {
        apikey: h.backend.anonKey,
        Authorization: `Bearer ${fan.fan.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ artist_id: artist.user.id, level: 1, return_url: 'http://localhost:4173/' }),
    });
    expect(res.status).toBe(200);
    expect((await payOnCheckoutPage(((await res.json()) as { url: string }).url, '4242424242424242')).status).toBe(303);
    await h.edge.webhooksIdle();
    expect(await row(fan.fan)).toEqual({ tier: 'tier1', stripe_status: 'active', access_ended_reason: null });
  });
});

describe('the lifecycle columns are the server’s', () => {
  it('a fan cannot clear their own reason or move their past_due_since', async () => {
    const fan = await payingFan('forger', '4000000000000341', 41);
    await h.stripe.testHelpers.testClocks.advance(fan.clock.id, { frozen_time: fan.start + 32 * DAY });
    await h.edge.webhooksIdle();
    const forged = await fan.fan.client
      .from('subscriptions')
      .update({ past_due_since: new Date().toISOString(), access_ended_reason: null })
      .eq('artist_id', artist.user.id)
      .select('past_due_since, access_ended_reason');
    expect(forged.error ?? forged.data?.[0]?.access_ended_reason).not.toBeNull();
    expect(await access(fan.fan)).toEqual({ tier: 0, tier1Item: 0 });
    expect(
      (await fan.fan.client.rpc('stripe_end_access', { p_charge_id: 'x', p_reason: 'refunded' })).error?.code,
    ).toBe('42501');
  });
});
