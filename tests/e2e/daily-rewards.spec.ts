/**
 * Daily Rewards for real, in Chromium against `npm start`: an artist puts up three
 * codes from their dashboard and sees "0 claimed of 3"; a brand-new fan's dashboard shows their
 * own server-made calendar (day 1 today, Bucket's streak badge, not the sample), following the
 * artist puts the codes on a future day that names its source, and claiming today shows
 * 'Reward Claimed!' and puts the badge in the fan's locker on the server.
 * Screenshots: test-results/daily-rewards-*.png.
 */
import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { rewardsRegion, signUpArtist, signUpFan } from './helpers';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Node 20 has no WebSocket; this client never subscribes to realtime. */
class NoRealtime {
  constructor() {
    throw new Error('no realtime in this test');
  }
}

async function signedInClient(email: string, password: string) {
  const c = createClient(BACKEND, ANON, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });
  const { data, error } = await c.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client: c, id: data.user!.id };
}

test('an artist puts up codes; a new fan gets a real calendar, follows, sees them coming and claims today', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const artistEmail = `e2e-rw-artist-${stamp}@example.com`;
  const fanEmail = `e2e-rw-fan-${stamp}@example.com`;
  const password = 'rewards-pass-1';

  const artistContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const artistPage = await artistContext.newPage();
  await signUpArtist(artistPage, artistEmail, password, { name: 'Rewards Artist' });
  const section = artistPage.getByTestId('artist-rewards');
  await expect(section.getByText('No rewards yet.')).toBeVisible({ timeout: 20_000 });
  await section.getByRole('button', { name: 'Put up a reward' }).click();
  const dialog = artistPage.getByRole('dialog', { name: 'Put up a reward' });
  await dialog.getByLabel('Title').fill('Tour shirt 20% off');
  await dialog.getByLabel('Description').fill('One code per fan, at the merch stand or online.');
  await dialog.getByRole('textbox', { name: 'Your codes' }).fill('SHIRT-001\nSHIRT-002\nSHIRT-003');
  await expect(dialog.getByText(/3 codes = how many/)).toBeVisible();
  await dialog.screenshot({ path: 'test-results/daily-rewards-form.png' });
  await dialog.getByRole('button', { name: 'Put up reward' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole('cell', { name: /Tour shirt 20% off/ })).toBeVisible();
  await expect(section.getByText('0 claimed of 3')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: 'test-results/daily-rewards-artist.png' });

  const fanContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await fanContext.newPage();
  await signUpFan(page, fanEmail, password);
  // a first visit reads right: 'Welcome', and the fan's own data without samples
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, e2e-rw-fan-/ })).toBeVisible();
  await expect(page.getByLabel('Mock Data')).not.toBeChecked();
  const rewards = rewardsRegion(page);
  await rewards.scrollIntoViewIfNeeded();
  await expect(rewards.getByText("Today's Reward Ready!")).toBeVisible({ timeout: 30_000 });
  await expect(rewards.getByText('Day 1: Day 1 Check-in Badge')).toBeVisible();

  // following the artist puts their codes on the first future day, named by its source
  const fan = await signedInClient(fanEmail, password);
  const artist = await signedInClient(artistEmail, password);
  const follow = await fan.client
    .from('subscriptions')
    .insert({ fan_id: fan.id, artist_id: artist.id, artist_name: 'Rewards Artist' });
  expect(follow.error).toBeNull();
  // the open dashboard gets the new day by sync (live message to the fan's own topic, or the poll)
  const dayTwo = rewards.getByRole('button', { name: /^Day 2\b.*locked: Tour shirt 20% off$/ });
  await expect(dayTwo).toBeVisible({ timeout: 45_000 });
  await dayTwo.click();
  const detail = page.getByRole('dialog', { name: 'Day 2' });
  await expect(detail.getByText('Tour shirt 20% off')).toBeVisible({ timeout: 20_000 });
  await expect(detail.getByText(/^From Rewards Artist, an artist you follow — a code reserved for you/)).toBeVisible();
  await expect(detail.getByText('Locked - Come back later')).toBeVisible();
  await expect(detail.getByText(/SHIRT-00/)).toHaveCount(0); // never before it is claimed
  await page.keyboard.press('Escape');

  await rewards.getByRole('button', { name: 'Claim Now' }).click();
  await expect(page.getByText('Reward Claimed!')).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(async () => (await fan.client.from('locker_items').select('title').eq('fan_id', fan.id)).data, {
      timeout: 20_000,
    })
    .toEqual([{ title: 'Day 1 Check-in Badge' }]);
  await expect(rewards.getByText("Today's Reward Ready!")).toHaveCount(0, { timeout: 10_000 });
  await rewards.screenshot({ path: 'test-results/daily-rewards-fan.png' });
  await page.goto('/dashboard/fan');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, e2e-rw-fan-/ })).toBeVisible({
    timeout: 30_000,
  });

  await artistContext.close();
  await fanContext.close();
});
