/**
 * Paying for a tier in Chromium on `npm start --e2e`: the local Stripe edge, the seeded
 * demo artist's prices. The free demo fan, signed in on two devices (browser contexts), upgrades
 * to Tier 2 on the hosted checkout with 4242 4242 4242 4242; the Tier 2 track unlocks on the other
 * device without a reload. A declined card shows Stripe's message and grants nothing. A full
 * refund locks the track again, deletes the copy kept for offline listening and says why; so does a
 * renewal that failed more than 7 days ago (a Stripe test clock started in the past). A Tier 1 fan
 * upgrades to Tier 2 in place (asked first, Stripe's prorated difference charged now), cancels in
 * the Customer Portal, and keeps the tier until the period ends.
 */
import { expect, test, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const TIER2_TRACK = 'Undertow Sessions';
const UPGRADE = 'Upgrade to Tier 2 — $10/month';

class NoRealtime {
  constructor() {
    throw new Error('no realtime in this test');
  }
}
const client = () =>
  createClient(BACKEND, ANON, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard\/fan/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: TIER2_TRACK })).toBeVisible({ timeout: 60_000 });
}

async function payOnCheckout(page: Page, card: string, price = '$10.00') {
  await expect(page.getByText('Subscribe to Nova Static')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(price)).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Test Fan');
  await expect(page.getByLabel('Email')).not.toHaveValue('');
  await expect(page.getByText('Card information')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

test('a free fan upgrades to Tier 2 with 4242…; the track unlocks on their other device without a reload', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const phone = await browser.newContext();
  const laptop = await browser.newContext();
  const phonePage = await phone.newPage();
  const laptopPage = await laptop.newPage();
  await signIn(phonePage, 'demo-free-fan@bucket.local', 'bucket-demo-free-fan');
  await signIn(laptopPage, 'demo-free-fan@bucket.local', 'bucket-demo-free-fan');
  await expect(phonePage.getByText('Tier 2 and up unlocks this track')).toBeVisible();
  await expect(phonePage.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toHaveCount(0);

  await laptopPage.getByRole('button', { name: UPGRADE }).first().click();
  await payOnCheckout(laptopPage, '4242 4242 4242 4242');
  await laptopPage.waitForURL(/localhost:4173\/dashboard\/fan\?checkout=success/, { timeout: 30_000 });
  // the return says so once, and the address no longer carries it (a reload would not say it again)
  await expect(laptopPage.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
  await expect(laptopPage).toHaveURL(/\/dashboard\/fan$/);

  // the phone's page was never reloaded: the webhook's grant arrives by live sync
  await expect(phonePage.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toBeVisible({ timeout: 30_000 });
  await expect(laptopPage.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toBeVisible({ timeout: 30_000 });

  // The artist's dashboard shows the payment: gross, Stripe's fee, net and a Tier 2 fan.
  const studio = await browser.newContext();
  const artistPage = await studio.newPage();
  await artistPage.goto('/login');
  await artistPage.getByLabel(/^Email/).fill('demo-artist@bucket.local');
  await artistPage.getByLabel(/^Password/).fill('bucket-demo-artist');
  await artistPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await artistPage.waitForURL(/\/dashboard\/artist/, { timeout: 60_000 });
  const earnings = artistPage.getByRole('region', { name: 'Earnings' });
  await expect(earnings.getByText('Stripe fees')).toBeVisible({ timeout: 30_000 });
  await expect(earnings.getByText(/Tier 2: [1-9]/)).toBeVisible();
  await expect(earnings.getByText('Gross').locator('xpath=..')).not.toContainText('$0.00');
  await earnings.scrollIntoViewIfNeeded();
  if (process.env.SHOTS_DIR) await earnings.screenshot({ path: `${process.env.SHOTS_DIR}/artist-earnings.png` });
  await Promise.all([phone.close(), laptop.close(), studio.close()]);
});

/** A new fan following the demo artist on the free tier: their client, e-mail and the artist. */
async function newFreeFan(tag: string) {
  const c = client();
  const email = `e2e-${tag}-${Date.now()}@example.com`;
  const { data, error } = await c.auth.signUp({ email, password: 'secret123', options: { data: { role: 'fan' } } });
  expect(error).toBeNull();
  const id = data.session!.user.id;
  await c.from('profiles').upsert({ id, display_name: `E2E ${tag}`, role: 'fan', onboarding_completed: true });
  await c.from('media_ids').insert({ user_uuid: id, role: 'fan', interests: ['a', 'b', 'c'] });
  const { data: tiers } = await c.from('artist_tiers').select('artist_id').eq('level', 2).eq('price', 10).limit(1);
  const artistId = tiers![0]!.artist_id as string;
  expect((await c.from('subscriptions').insert({ fan_id: id, artist_id: artistId })).error).toBeNull();
  return { c, email, artistId, id };
}

/** The local Stripe edge through the official SDK, as the functions reach it. */
const localStripe = () => new Stripe('sk_test_bucket_local_edge', { host: '127.0.0.1', port: 12111, protocol: 'http' });

/** The fan's Stripe customer on a test clock that started `daysAgo` days before now (stored as theirs). */
async function customerOnClock(id: string, email: string, daysAgo: number) {
  const stripe = localStripe();
  const start = Math.floor(Date.now() / 1000) - daysAgo * 24 * 3600;
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await stripe.customers.create({ email, test_clock: clock.id });
  const stored = await fetch(`${BACKEND}/rest/v1/stripe_customers`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ user_id: id, customer_id: customer.id }),
  });
  expect(stored.status).toBe(201);
  return { stripe, clock, start, customer };
}

test("a declined card shows Stripe's message and grants nothing", async ({ page }) => {
  test.setTimeout(180_000);
  const { c, email, artistId } = await newFreeFan('declined');
  await signIn(page, email, 'secret123');
  await page.getByRole('button', { name: UPGRADE }).first().click();
  await payOnCheckout(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  const row = await c.from('subscriptions').select('tier, stripe_status').eq('artist_id', artistId);
  expect(row.data).toEqual([{ tier: 'free', stripe_status: null }]);
  await page.goBack();
  await page.goBack();
  await expect(page.getByText('Tier 2 and up unlocks this track')).toBeVisible({ timeout: 30_000 });
});

test('a full refund locks the track again, removes the kept copy and says why', async ({ page }) => {
  test.setTimeout(240_000);
  const { c, email, artistId } = await newFreeFan('refund');
  await signIn(page, email, 'secret123');
  await page.getByRole('button', { name: UPGRADE }).first().click();
  await payOnCheckout(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/dashboard\/fan/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('heading', { name: TIER2_TRACK })
    .locator('xpath=ancestor::*[.//button[normalize-space()="Keep for offline listening"]][1]')
    .getByRole('button', { name: 'Keep for offline listening' })
    .click();
  const keptCopy = page.getByRole('button', { name: `Remove offline copy of ${TIER2_TRACK}` });
  await expect(keptCopy).toBeVisible({ timeout: 30_000 });

  // The artist refunds the payment in full (here: through the local Stripe edge's API).
  const stripe = localStripe();
  const { data: rows } = await c.from('subscriptions').select('stripe_subscription_id').eq('artist_id', artistId);
  const sub = await stripe.subscriptions.retrieve(rows![0]!.stripe_subscription_id as string);
  const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string, { expand: ['payments'] });
  await stripe.refunds.create({ charge: invoice.payments!.data[0]!.payment.charge as string });

  // no reload: the locked row arrives by sync, the kept copy goes, the card says why
  const status = page.getByTestId('tier-ended');
  await expect(status).toContainText('Your paid tier ended: the payment was refunded.', { timeout: 30_000 });
  await expect(status).toContainText('The copy kept on this device for offline listening was removed.');
  await expect(page.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toHaveCount(0);
  await expect(keptCopy).toHaveCount(0);
  await expect(page.getByText('Tier 2 and up unlocks this track')).toBeVisible();
  if (process.env.SHOTS_DIR) {
    await status.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/tier-ended.png` });
  }
});

test('a renewal that failed more than the 7-day grace ago locks the track and says why', async ({ page }) => {
  test.setTimeout(240_000);
  const { email, id } = await newFreeFan('grace');
  const { stripe, clock, start } = await customerOnClock(id, email, 41);
  await signIn(page, email, 'secret123');
  await page.getByRole('button', { name: UPGRADE }).first().click();
  await payOnCheckout(page, '4000 0000 0000 0341'); // pays now, fails at renewal
  await page.waitForURL(/\/dashboard\/fan/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toBeVisible({ timeout: 30_000 });

  // 32 days on the clock: the renewal failed 9 days before now, past the grace
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 32 * 24 * 3600 });
  const status = page.getByTestId('tier-ended');
  await expect(status).toContainText('the renewal payment failed and the 7-day grace period is over', {
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toHaveCount(0);
});

test('a Tier 1 fan upgrades in place with proration, cancels in the portal and keeps Tier 2 until the period ends', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { c, email, id, artistId } = await newFreeFan('upgrade');
  const { stripe, clock, start } = await customerOnClock(id, email, 1);
  await signIn(page, email, 'secret123');
  // Tier 1 from the catalog's price buttons
  await page.goto('/catalog');
  await page.getByRole('button', { name: /: \$5\/month with Nova Static$/ }).click();
  await payOnCheckout(page, '4242 4242 4242 4242', '$5.00');
  await page.waitForURL(/\/catalog/, { timeout: 30_000 });
  const tierNow = async () =>
    (await c.from('subscriptions').select('tier').eq('artist_id', artistId)).data?.[0]?.tier as string | undefined;
  await expect.poll(tierNow, { timeout: 30_000 }).toBe('tier1');
  await page.goto('/dashboard/fan');
  await expect(page.getByRole('heading', { name: TIER2_TRACK })).toBeVisible({ timeout: 60_000 });

  // half a month later on the fan's clock, the Tier 2 card offers a plan change: asked first, no Checkout
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 15 * 24 * 3600 });
  await page.getByRole('button', { name: UPGRADE }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Tier 2?' });
  await expect(dialog).toContainText('Stripe charges the difference for the rest of this billing period');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/tier-change-dialog.png` });
  await dialog.getByRole('button', { name: 'Pay and upgrade' }).click();
  await expect(page.getByText('Tier 2 reaches your devices in a moment.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toBeVisible({ timeout: 30_000 });
  const { data: rows } = await c.from('subscriptions').select('tier, stripe_subscription_id').eq('artist_id', artistId);
  expect(rows![0]!.tier).toBe('tier2');
  const sub = await stripe.subscriptions.retrieve(rows![0]!.stripe_subscription_id as string);
  const upgradeInvoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
  // 15 days into a 28-31-day period: the unused part of $10 less $5's, prorated by Stripe
  expect(upgradeInvoice.billing_reason).toBe('subscription_update');
  expect(upgradeInvoice.amount_paid).toBeGreaterThan(200);
  expect(upgradeInvoice.amount_paid).toBeLessThan(260);

  // Manage subscription (catalog) → the Customer Portal → cancel at the period's end
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Manage subscription' }).first().click();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/^Cancels /)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Return to Bucket' }).click();
  await page.goto('/dashboard/fan');
  await expect(page.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toBeVisible({ timeout: 30_000 });

  // the period ends on the fan's clock: the subscription ends, and with it the tier
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 32 * 24 * 3600 });
  await expect(page.getByTestId('tier-ended').first()).toContainText('Your paid tier ended with your subscription.', {
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: `Play ${TIER2_TRACK}` })).toHaveCount(0);
});
