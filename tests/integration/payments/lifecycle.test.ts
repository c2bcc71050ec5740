/**
 * A paid tier's life on a Stripe test clock: cancel at period end keeps the tier
 * until the period ends, then the webhook ends it; a renewal that fails (card 4000 0000 0000 0341)
 * makes the subscription past_due, which holds the tier during the grace (the end of the grace,
 * refunds and disputes: tier-end.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createArtistClient, createUserClient, uniqueEmail } from '../helpers/backend';
import { payOnCheckoutPage, withPayments, type PaymentsHarness } from '../helpers/payments';

type Actor = { client: SupabaseClient; user: User; accessToken: string };
let h: PaymentsHarness;
let artist: Actor;
const DAY = 24 * 3600;

async function fanOnClock(tag: string, card: string) {
  const fan = await createUserClient(h.backend, uniqueEmail(tag), 'fan-pass-1');
  const start = Math.floor(Date.now() / 1000);
  const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await h.stripe.customers.create({
    email: fan.user.email,
    test_clock: clock.id,
    metadata: { user_id: fan.user.id },
  });
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
  const sub = String((await h.stripe.checkout.sessions.retrieve(id)).subscription);
  return { fan, clock, sub, start };
}
const stateOf = async (fan: Actor) =>
  (
    await fan.client
      .from('subscriptions')
      .select('tier, stripe_status, cancel_at_period_end')
      .eq('artist_id', artist.user.id)
  ).data?.[0];

beforeAll(async () => {
  h = await withPayments();
  artist = await createArtistClient(h.backend, uniqueEmail('artist'), 'artist-pass-1', 'Nova Static');
  expect(
    (
      await artist.client
        .from('artist_tiers')
        .insert({ artist_id: artist.user.id, level: 1, name: 'Supporter', price: 5 })
    ).error,
  ).toBeNull();
});
afterAll(async () => {
  await h?.stop();
});

describe('a paid tier over time', () => {
  it('cancel at period end: the tier stays until the period ends, then ends', async () => {
    const { fan, clock, sub, start } = await fanOnClock('cancel', '4242424242424242');
    expect(await stateOf(fan)).toEqual({ tier: 'tier1', stripe_status: 'active', cancel_at_period_end: false });
    await h.stripe.subscriptions.update(sub, { cancel_at_period_end: true });
    await h.edge.webhooksIdle();
    expect(await stateOf(fan)).toEqual({ tier: 'tier1', stripe_status: 'active', cancel_at_period_end: true });
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 20 * DAY });
    await h.edge.webhooksIdle();
    expect((await stateOf(fan))?.tier).toBe('tier1'); // still inside the paid month
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 32 * DAY });
    await h.edge.webhooksIdle();
    expect(await stateOf(fan)).toEqual({ tier: 'free', stripe_status: 'canceled', cancel_at_period_end: true });
  });

  it('a renewal that fails makes it past_due (tier held in the grace); a paid renewal keeps it active', async () => {
    const ok = await fanOnClock('renews', '4242424242424242');
    await h.stripe.testHelpers.testClocks.advance(ok.clock.id, { frozen_time: ok.start + 32 * DAY });
    const failing = await fanOnClock('fails', '4000000000000341');
    await h.stripe.testHelpers.testClocks.advance(failing.clock.id, { frozen_time: failing.start + 32 * DAY });
    await h.edge.webhooksIdle();
    expect(await stateOf(ok.fan)).toEqual({ tier: 'tier1', stripe_status: 'active', cancel_at_period_end: false });
    expect(await stateOf(failing.fan)).toEqual({
      tier: 'tier1',
      stripe_status: 'past_due',
      cancel_at_period_end: false,
    });
    expect(h.edge.delivered().filter((d) => d.type === 'invoice.payment_failed')).toHaveLength(1);
  });
});
