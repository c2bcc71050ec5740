/**
 * The `npm start` demo seed through the backend's HTTP APIs: idempotent (run twice, same rows),
 * the demo fan follows on Tier 1 — paid once on the local Stripe edge, granted by the webhook —
 * and the free fan on the free tier; the demo artist has prices; a new sign-up follows nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemo } from '../../../scripts/seed/demo-seed';
import { createUserClient, uniqueEmail, type LocalBackend } from '../helpers/backend';
import { withPayments, type PaymentsHarness } from '../helpers/payments';

let payments: PaymentsHarness;
let backend: LocalBackend;
beforeAll(async () => {
  payments = await withPayments();
  backend = payments.backend;
});
afterAll(async () => {
  await payments?.stop();
});

describe('demo seed', () => {
  it('creates the demo artist, tracks and followers once, however often it runs', async () => {
    await seedDemo(backend.url);
    await seedDemo(backend.url);
    const items = await backend.query(
      `select c.title, c.subscription_tier_required as tier, c.is_public from public.content_items c
       join auth.users u on u.id = c.artist_id where u.email = $1 order by c.title`,
      [DEMO_ACCOUNTS.artist.email],
    );
    expect(items.rows.map((r) => r.tier).sort()).toEqual(['free', 'tier1', 'tier2']);
    const objects = await backend.query(`select count(*)::int as n from storage.objects where bucket_id = 'content'`);
    expect(objects.rows[0]!.n).toBe(3);
    const subs = await backend.query(
      `select u.email, s.tier, s.stripe_status from public.subscriptions s join auth.users u on u.id = s.fan_id
       where s.artist_id <> 'bti' order by u.email`,
    );
    expect(subs.rows).toEqual([
      { email: DEMO_ACCOUNTS.fan.email, tier: 'tier1', stripe_status: 'active' },
      { email: DEMO_ACCOUNTS.freeFan.email, tier: 'free', stripe_status: null },
    ]);
    // paid once, however often the seed runs: one Checkout completed, one customer
    await payments.edge.webhooksIdle();
    expect(payments.edge.delivered().filter((d) => d.type === 'checkout.session.completed')).toHaveLength(1);
    const tiers = await backend.query(`select level, price from public.artist_tiers order by level`);
    expect(tiers.rows).toEqual([
      { level: 1, price: 5 },
      { level: 2, price: 10 },
      { level: 3, price: 20 },
    ]);

    const fan = await createUserClient(backend, DEMO_ACCOUNTS.fan.email, DEMO_ACCOUNTS.fan.password);
    const view = await fan.client.from('followed_content').select('title');
    expect(view.error).toBeNull();
    expect(view.data).toHaveLength(3);
    // the artist's Daily Rewards codes, put up once, on one day of each follower's calendar
    const offers = await backend.query(`select title, quantity from public.reward_offers`);
    expect(offers.rows).toEqual([{ title: 'Nova Static tote bag (code)', quantity: 50 }]);
    const days = await fan.client.from('daily_rewards').select('day, source').not('offer_id', 'is', null);
    expect(days.data).toEqual([{ day: 2, source: 'artist' }]);
  });

  it('a real sign-up starts empty: it follows nobody and sees no followed content', async () => {
    const newcomer = await createUserClient(backend, uniqueEmail('newcomer'), 'newcomer-pass');
    const view = await newcomer.client.from('followed_content').select('id');
    expect(view.data).toEqual([]);
  });
});
