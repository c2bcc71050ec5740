/**
 * The artist → fan journey of issue 31, through the UI only (no API shortcuts, no injected
 * sessions, no synthetic focus events):
 * - an artist signs up on the artist portal and names themselves at the MediaID step;
 * - uploads a real WAV through the Upload Manager with a tier and an unlock date (Review shows both);
 * - later, in Your Bucket, makes it Free and publishes it;
 * - a fan signs up, joins the artist from the catalog and sees the artist's NAME on the catalog
 *   card and the locker card; the artist's e-mail (or its local part) is nowhere on the fan's pages
 *   nor in any text response the fan's browser receives;
 * - the fan reacts to and comments on the drop;
 * - the artist unpublishes it and it leaves the fan's open locker without a reload.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { wavFile } from '../fixtures/media-samples';
import { localDateTimeInDays, signUpArtist, signUpFan, syncBadge } from './helpers';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'secret-pass-1';
const ARTIST_EMAIL = `journey-artist-${RUN}@example.test`;
const LOCAL_PART = ARTIST_EMAIL.split('@')[0]!;
const ARTIST_NAME = `Harbor Lights ${RUN.slice(-4)}`;
const TITLE = `Low Tide ${RUN}`;

const bucketItem = (page: Page) =>
  page.getByRole('region', { name: 'Your Bucket' }).getByTestId('bucket-item').filter({ hasText: TITLE });

const dropCard = (page: Page) =>
  page.locator('[data-rarity]').filter({ has: page.getByRole('heading', { name: TITLE }) });

async function manage(page: Page, action: string) {
  await page.getByRole('button', { name: `Manage ${TITLE}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Upload Manager: one real WAV, Tier 2, scheduled for next week; Review shows tier and state. */
async function uploadScheduledTier2(page: Page) {
  await page
    .getByRole('button', { name: /Upload Content/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Upload Content' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: `${TITLE}.wav`, mimeType: 'audio/wav', buffer: Buffer.from(wavFile(4)) });
  await expect(dialog.getByLabel('Title')).toHaveValue(TITLE);
  await dialog.getByLabel('Subscription Tier', { exact: true }).click();
  await page.getByRole('option', { name: 'Tier 2 ($10/month)' }).click();
  await expect(dialog.getByLabel('Public release')).not.toBeChecked();
  await dialog.getByLabel('Unlock Date').fill(localDateTimeInDays(7));
  await dialog.getByRole('button', { name: 'Review', exact: true }).click();
  const review = dialog.getByTestId('review-release');
  await expect(review).toContainText('Tier 2 ($10/month)');
  await expect(review).toContainText('Scheduled');
  await dialog.getByRole('button', { name: 'Start Upload' }).click();
  await expect(page.getByTestId('upload-complete-count')).toHaveText('1 of 1 files uploaded successfully', {
    timeout: 90_000,
  });
  await page.getByRole('dialog', { name: 'Upload Complete!' }).getByRole('button', { name: 'Done' }).click();
}

/** Keeps every text body the fan's browser receives, for the e-mail scan at the end. */
function recordTextResponses(page: Page) {
  const bodies: { url: string; body: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/json|text|javascript|xml/.test(type)) return;
    pending.push(
      response
        .text()
        .then((body) => void bodies.push({ url: response.url(), body: body.toLowerCase() }))
        .catch(() => undefined),
    );
  });
  return { bodies, settled: () => Promise.all(pending) };
}

async function expectNoEmailOnPage(page: Page) {
  const html = (await page.content()).toLowerCase();
  expect(html).not.toContain(ARTIST_EMAIL);
  expect(html).not.toContain(LOCAL_PART);
}

test('an artist names themselves, uploads, re-tiers and publishes; a fan joins, sees only the name, reacts and comments; unpublishing removes the drop live', async ({
  browser,
}) => {
  test.setTimeout(360_000);

  // The artist: sign-up with a public name, then a scheduled Tier 2 upload.
  const artistContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const artist = await artistContext.newPage();
  await signUpArtist(artist, ARTIST_EMAIL, PASSWORD, { name: ARTIST_NAME });
  await expect(artist.getByRole('region', { name: 'Artist profile' }).getByText(ARTIST_NAME)).toBeVisible({
    timeout: 20_000,
  });
  await uploadScheduledTier2(artist);

  const item = bucketItem(artist);
  await expect(item.getByTestId('release-state')).toHaveText(/^Scheduled /, { timeout: 60_000 });
  await expect(item.getByText('Tier 2', { exact: true })).toBeVisible();

  // Later, in Your Bucket: the tier becomes Free, then the artist publishes it now.
  await manage(artist, 'Edit');
  const edit = artist.getByRole('dialog', { name: `Edit ${TITLE}` });
  await edit.getByRole('combobox', { name: 'Tier' }).click();
  await artist.getByRole('option', { name: 'Free', exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(item.getByText('Free', { exact: true })).toBeVisible();
  await manage(artist, 'Publish now');
  await expect(item.getByTestId('release-state')).toHaveText('Released');
  await expect(item.getByText('Not synced yet')).toHaveCount(0, { timeout: 30_000 });

  // The fan, every response recorded from the first request on.
  const fanContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const fan = await fanContext.newPage();
  const received = recordTextResponses(fan);
  await signUpFan(fan, `journey-fan-${RUN}@example.test`, PASSWORD);

  await fan.goto('/catalog');
  await fan.getByRole('searchbox', { name: 'Search artists' }).fill(ARTIST_NAME);
  const card = fan.getByRole('article', { name: ARTIST_NAME });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(ARTIST_NAME, { exact: true }).first()).toBeVisible();
  await expectNoEmailOnPage(fan);
  await card.getByRole('button', { name: `Join ${ARTIST_NAME}` }).click();
  await expect(card.getByText('Joined')).toBeVisible({ timeout: 20_000 });

  // The locker card carries the name; the fan reacts and comments.
  await fan.goto('/dashboard/fan');
  const drop = dropCard(fan);
  await expect(drop).toBeVisible({ timeout: 60_000 });
  await expect(drop.getByText(ARTIST_NAME)).toBeVisible();
  await drop.getByRole('button', { name: 'Fire (0)' }).click();
  await expect(drop.getByRole('button', { name: 'Fire (1)' })).toHaveAttribute('aria-pressed', 'true');
  await drop.getByRole('button', { name: 'Comment · 0' }).click();
  const commentDialog = fan.getByRole('dialog', { name: `Comment on ${TITLE}` });
  await commentDialog.getByLabel('Your comment').fill('The tape hiss at the end is perfect.');
  await commentDialog.getByRole('button', { name: 'Post Comment' }).click();
  await expect(drop.getByRole('button', { name: 'Comment · 1' })).toBeVisible();
  await expect(syncBadge(fan)).not.toContainText('waiting', { timeout: 30_000 });
  await expectNoEmailOnPage(fan);

  // The artist unpublishes; the drop leaves the fan's open locker with no reload.
  await artist.bringToFront();
  await manage(artist, 'Unpublish');
  await expect(item.getByTestId('release-state')).toHaveText('Draft');
  await fan.bringToFront();
  await expect(fan.getByRole('heading', { name: TITLE })).toHaveCount(0, { timeout: 60_000 });
  expect(fan.url()).toMatch(/\/dashboard\/fan$/);

  // Nothing the fan's browser received named the artist's e-mail.
  await received.settled();
  expect(received.bodies.length).toBeGreaterThan(10);
  expect(received.bodies.some((r) => r.body.includes(ARTIST_NAME.toLowerCase()))).toBe(true);
  const leaks = received.bodies
    .filter((r) => r.body.includes(ARTIST_EMAIL) || r.body.includes(LOCAL_PART))
    .map((r) => r.url);
  expect(leaks).toEqual([]);

  await Promise.all([artistContext.close(), fanContext.close()]);
});
