/**
 * Changing tier while paying (supabase/functions/change-tier, the local Stripe edge's plan change):
 * an upgrade is prorated to the second and invoiced now, the new tier arrives only through the
 * webhook (the price's level) and the payment reaches the artist's ledger; a downgrade's unused
 * time becomes credit the next renewal uses; a declined card changes nothing; and the function
 * acts only on the caller's own subscription.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { createArtistClient, createUserClient, uniqueEmail } from '../helpers/backend';
import { payOnCheckoutPage, withPayments, type PaymentsHarness } from '../helpers/payments';

type Actor = { client: SupabaseClient; user: User; accessToken: string };
let h: PaymentsHarness;
let artist: Actor;
const DAY = 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);

const call = (fn: string, token: string | null, body: Record<string, unknown>) =>
  fetch(`${h.backend.url}/functions/v1/${fn}`, {
    method: 'POST',
    headers: {
      apikey: h.backend.anonKey,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });

/** A fan paying Tier 1 with `card`, on a test clock that starts `daysAgo` days before now. */
async function payingFan(tag: string, card = '4242424242424242', daysAgo = 10) {
  const fan = await createUserClient(h.backend, uniqueEmail(tag), 'fan-pass-1');
  const start = now() - daysAgo * DAY;
  const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await h.stripe.customers.create({ email: fan.user.email, test_clock: clock.id });
  await h.backend.query('insert into public.stripe_customers (user_id, customer_id) values ($1, $2)', [
    fan.user.id,
    customer.id,
  ]);
  const res = await call('create-checkout', fan.accessToken, {
    artist_id: artist.user.id,
    level: 1,
    return_url: 'http://localhost:4173/',
  });
  const { url, id } = (await res.json()) as { url: string; id: string };
  expect((await payOnCheckoutPage(url, card)).status).toBe(303);
  await h.edge.webhooksIdle();
  return { fan, clock, start, customer, sub: String((await h.stripe.checkout.sessions.retrieve(id)).subscription) };
}

const tierOf = async (fan: Actor) =>
  (await fan.client.from('subscriptions').select('tier, stripe_status').eq('artist_id', artist.user.id)).data?.[0];
const payments = async (fan: Actor) =>
  (
    await h.backend.query(
      'select level, amount, invoice_id from private.stripe_payments where fan_id = $1 order by paid_at, recorded_at',
      [fan.user.id],
    )
  ).rows as { level: number; amount: number; invoice_id: string }[];
/** The customer's balance (negative = credit owed to the fan). */
const balanceOf = async (id: string) => ((await h.stripe.customers.retrieve(id)) as Stripe.Customer).balance;
const priceLevel = async (sub: string) =>
  Number((await h.stripe.subscriptions.retrieve(sub)).items.data[0]!.price.metadata.level);

beforeAll(async () => {
  h = await withPayments();
  artist = await createArtistClient(h.backend, uniqueEmail('change-artist'), 'artist-pass-1', 'Nova Static');
  for (const [level, price] of [
    [1, 5],
    [2, 10],
  ] as const)
    expect(
      (await artist.client.from('artist_tiers').insert({ artist_id: artist.user.id, level, name: `T${level}`, price }))
        .error,
    ).toBeNull();
});
afterAll(async () => {
  await h?.stop();
});

describe('change-tier', () => {
  it('an upgrade mid-period is prorated and paid now; the tier comes from the webhook', async () => {
    const f = await payingFan('upgrade');
    const period = (await h.stripe.subscriptions.retrieve(f.sub)).items.data[0]!;
    // half-way through the period on the fan's clock
    const mid = Math.floor((period.current_period_start + period.current_period_end) / 2);
    await h.stripe.testHelpers.testClocks.advance(f.clock.id, { frozen_time: mid });
    const res = await call('change-tier', f.fan.accessToken, { artist_id: artist.user.id, level: 2 });
    expect(res.status).toBe(200);
    await h.edge.webhooksIdle();
    expect(await tierOf(f.fan)).toEqual({ tier: 'tier2', stripe_status: 'active' });
    expect(await priceLevel(f.sub)).toBe(2);
    // Stripe's proration: -$5 and +$10 for the unused half, each line rounded: about $2.50
    const left = (period.current_period_end - mid) / (period.current_period_end - period.current_period_start);
    const prorated = Math.round(1000 * left) - Math.round(500 * left);
    expect(prorated).toBeGreaterThan(240);
    expect(prorated).toBeLessThan(260);
    const ledger = await payments(f.fan);
    expect(ledger.map((p) => [p.level, p.amount])).toEqual([
      [1, 500],
      [2, prorated],
    ]);
  });

  it('a downgrade takes effect now; its unused time is credit the next renewal uses', async () => {
    const f = await payingFan('downgrade');
    expect((await call('change-tier', f.fan.accessToken, { artist_id: artist.user.id, level: 2 })).status).toBe(200);
    await h.edge.webhooksIdle();
    expect(await tierOf(f.fan)).toMatchObject({ tier: 'tier2' });
    const period = (await h.stripe.subscriptions.retrieve(f.sub)).items.data[0]!;
    const mid = Math.floor((period.current_period_start + period.current_period_end) / 2);
    await h.stripe.testHelpers.testClocks.advance(f.clock.id, { frozen_time: mid });
    expect((await call('change-tier', f.fan.accessToken, { artist_id: artist.user.id, level: 1 })).status).toBe(200);
    await h.edge.webhooksIdle();
    expect(await tierOf(f.fan)).toEqual({ tier: 'tier1', stripe_status: 'active' });
    const credit = await balanceOf(f.customer.id);
    expect(credit).toBeLessThan(-240); // the unused half of Tier 2 less Tier 1's, owed to the fan
    expect(credit).toBeGreaterThan(-260);
    // the renewal: $5 less the credit
    const end = (await h.stripe.subscriptions.retrieve(f.sub)).items.data[0]!.current_period_end;
    await h.stripe.testHelpers.testClocks.advance(f.clock.id, { frozen_time: end + 60 });
    await h.edge.webhooksIdle();
    const ledger = await payments(f.fan);
    expect(ledger.map((p) => [p.level, p.amount])).toEqual([
      [1, 500],
      [2, 500], // the upgrade at the period's first second: the whole difference
      [1, 500 + credit],
    ]);
    expect(await balanceOf(f.customer.id)).toBe(0);
    expect(await tierOf(f.fan)).toEqual({ tier: 'tier1', stripe_status: 'active' });
  });

  it("a declined card (4000 0000 0000 0341) shows Stripe's message and changes nothing", async () => {
    const f = await payingFan('declined-upgrade', '4000000000000341');
    const res = await call('change-tier', f.fan.accessToken, { artist_id: artist.user.id, level: 2 });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: 'card_declined', message: 'Your card was declined.' });
    await h.edge.webhooksIdle();
    expect(await tierOf(f.fan)).toMatchObject({ tier: 'tier1' });
    expect(await priceLevel(f.sub)).toBe(1);
    expect((await payments(f.fan)).length).toBe(1);
  });

  it('refuses what is not the caller’s to change, and bad requests, with a clear message', async () => {
    const payer = await payingFan('victim');
    const follower = await createUserClient(h.backend, uniqueEmail('free-follower'), 'fan-pass-1');
    expect(
      (await follower.client.from('subscriptions').insert({ fan_id: follower.user.id, artist_id: artist.user.id }))
        .error,
    ).toBeNull();
    const attempt = (who: Actor | null, body: Record<string, unknown>) =>
      call('change-tier', who?.accessToken ?? null, body).then(async (r) => ({
        status: r.status,
        error: ((await r.json()) as { error?: string }).error,
      }));
    const target = { artist_id: artist.user.id, level: 2 };
    expect(await attempt(null, target)).toMatchObject({ status: 401 });
    expect(await attempt(follower, target)).toEqual({ status: 409, error: 'not_subscribed' });
    expect(await attempt(payer.fan, { artist_id: artist.user.id, level: 1 })).toEqual({
      status: 409,
      error: 'same_tier',
    });
    expect(await attempt(payer.fan, { artist_id: artist.user.id, level: 3 })).toEqual({
      status: 404,
      error: 'no_tier',
    });
    expect(await attempt(payer.fan, { artist_id: 'nope', level: 2 })).toEqual({
      status: 400,
      error: 'invalid_request',
    });
    // a row pointing at someone else's Stripe subscription (as if a server-owned column leaked):
    // the subscription's customer is not the caller's, so nothing happens to the payer's plan
    await h.backend.query(
      "update public.subscriptions set stripe_subscription_id = $1, stripe_status = 'active', tier = 'tier1' where fan_id = $2",
      [payer.sub, follower.user.id],
    );
    expect(await attempt(follower, target)).toEqual({ status: 409, error: 'not_subscribed' });
    await h.edge.webhooksIdle();
    expect(await priceLevel(payer.sub)).toBe(1);
    expect(await tierOf(payer.fan)).toMatchObject({ tier: 'tier1' });
  });
});
