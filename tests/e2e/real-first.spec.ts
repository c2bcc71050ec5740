/**
 * Real first, sample labelled, through the UI only: a new artist's dashboard leads with
 * their own header and figures, the sample analytics below a 'Sample data' heading and never the
 * sample identity as theirs; a new fan has no tier 3 and no streak; after Join the catalog card
 * counts the follow ("1 follower") and the artist's release is first in 'Your Feed'.
 */
import { expect, test, type Page } from '@playwright/test';
import { toneWav } from '../../src/features/locker/offline-media/tone-wav';
import { rewardsRegion } from './helpers';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'secret-pass-1';
const TITLE = `Real First ${RUN}`;
const ARTIST_NAME = `Quiet Static ${RUN.slice(-4)}`;

async function completeMediaId(page: Page, artistName?: string) {
  const dialog = page.getByRole('dialog', { name: 'Setup Your MediaID' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  for (const name of ['Discovering new music', 'Underground scenes', 'Exclusive content'])
    await dialog.getByText(name, { exact: true }).click();
  // Artists choose their public name here (required since issue 31).
  if (artistName) await dialog.getByLabel('Artist name').fill(artistName);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Jazz', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Complete Setup' }).click();
}

async function signUp(page: Page, portal: '/artist/login' | '/welcome', button: string, email: string) {
  await page.goto(portal);
  await expect(async () => {
    await page.getByRole('button', { name: button }).first().click();
    await expect(page.getByLabel('Confirm Password')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  const terms = page.getByRole('checkbox', { name: /I agree to the/ });
  if (await terms.count()) await terms.check();
  await page.getByRole('button', { name: button }).last().click();
  await completeMediaId(page, portal === '/artist/login' ? ARTIST_NAME : undefined);
}

test('a new artist and a new fan see their own figures first; sample data is labelled; a followed release reaches Your Feed', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const artistContext = await browser.newContext();
  const artist = await artistContext.newPage();
  await signUp(artist, '/artist/login', 'Create Artist Account', `rf-artist-${RUN}@example.test`);
  await expect(artist).toHaveURL(/\/dashboard\/artist$/, { timeout: 20_000 });

  // Their own header (their chosen name) and figures first; the sample below its heading; never the sample identity.
  const own = artist.getByRole('heading', { level: 1, name: ARTIST_NAME });
  await expect(own).toBeVisible({ timeout: 20_000 });
  await expect(artist.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(artist.getByText('Platinum Creator')).toHaveCount(0);
  await expect(artist.getByText(`rf-artist-${RUN}`)).toHaveCount(0);
  const audience = artist.getByRole('region', { name: 'Your real audience' });
  await expect(audience.getByTestId('real-followers')).toHaveText('0');
  await expect(audience).toContainText('0 followers');
  await expect(audience.getByTestId('real-uploads')).toHaveText('0');
  const sample = artist.getByRole('heading', {
    name: /^Sample data — a preview of what your analytics will look like/,
  });
  await expect(sample).toBeVisible();
  const streams = artist.getByText('Total Streams');
  const y = async (locator: ReturnType<Page['getByText']>) => (await locator.boundingBox())?.y ?? -1;
  expect(await y(audience.getByTestId('real-followers'))).toBeLessThan(await y(sample));
  expect(await y(sample)).toBeLessThan(await y(streams));

  // The artist publishes a free track through the Upload Manager.
  await artist
    .getByRole('button', { name: /Upload Content/ })
    .first()
    .click();
  await artist.locator('input[type="file"]').setInputFiles({
    name: `${TITLE}.wav`,
    mimeType: 'audio/wav',
    buffer: Buffer.from(toneWav(TITLE, { seconds: 3 })),
  });
  await expect(artist.getByLabel('Title')).toHaveValue(TITLE);
  await artist.getByLabel('Public release').check();
  await artist.getByRole('button', { name: 'Review', exact: true }).click();
  await artist.getByRole('button', { name: 'Start Upload' }).click();
  await expect(artist.getByText('Upload Complete!')).toBeVisible({ timeout: 60_000 });
  await artist.getByRole('button', { name: 'Done' }).click();
  await expect(audience.getByTestId('real-uploads')).toHaveText('1');
  await expect(audience).toContainText('1 upload');

  // A new fan: no tier 3, no claimed days — their own calendar, not the spec's sample fan.
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await signUp(fan, '/welcome', 'Create Fan Account', `rf-fan-${RUN}@example.test`);
  await expect(fan).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });
  const rewards = rewardsRegion(fan);
  await expect(rewards.getByText('Day 1: Day 1 Check-in Badge')).toBeVisible({ timeout: 30_000 });
  await expect(rewards.getByText('0 / 30 claimed', { exact: false })).toBeVisible();
  await expect(rewards.getByText(/Tier 3/i)).toHaveCount(0);
  await expect(fan.getByText('Your Locker is Empty')).toBeVisible();

  // Join from the catalog: the card counts the follow at once.
  await fan.goto('/catalog');
  const card = fan.getByRole('article').filter({ hasText: TITLE });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('0 followers');
  await card.getByRole('button', { name: /^Join / }).click();
  await expect(card).toContainText('1 follower');
  await expect(card).not.toContainText('1 followers');

  // Your Feed: the followed artist's release first, as a new drop, before any sample item.
  await fan.goto('/dashboard/fan');
  const feed = fan.getByRole('tabpanel', { name: 'Your Feed' });
  await expect(feed.getByText(TITLE)).toBeVisible({ timeout: 60_000 });
  const firstItem = feed.locator('.mantine-Group-root').filter({ hasText: 'New drop' }).first();
  await expect(firstItem).toContainText(TITLE);
  await expect(firstItem.getByText('Sample', { exact: true })).toHaveCount(0);
  // 'Mock Data' is off for a signed-in fan: no sample at all; switched on, samples come after, marked
  await expect(fan.getByLabel('Mock Data')).not.toBeChecked();
  await expect(feed.getByText('Sample', { exact: true })).toHaveCount(0);
  await fan.getByLabel('Mock Data').check();
  await expect(feed.getByText('Sample', { exact: true }).first()).toBeVisible();
  await expect(firstItem).toContainText(TITLE);
  await expect(rewards.getByText(/Tier 3/i)).toHaveCount(0);

  // The artist's own figures follow: the follower is counted after a refresh.
  await artist.getByRole('button', { name: 'Refresh followers and plays' }).click();
  await expect(audience).toContainText('1 follower', { timeout: 20_000 });

  await Promise.all([artistContext.close(), fanContext.close()]);
});
