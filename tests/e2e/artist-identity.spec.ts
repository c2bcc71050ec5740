/**
 * An artist's public identity, through the UI only: an artist signs up on the artist
 * portal, is refused their e-mail as a name, names themselves with a bio at the MediaID step,
 * edits the bio from the dashboard's 'Artist profile', and publishes a track. A fan signs up,
 * finds the artist's card in the catalog under the chosen name and bio, joins, and the locker
 * card carries the same name. The artist's e-mail appears nowhere on the fan's pages nor in any
 * response the fan's browser receives.
 * With IDENTITY_SHOTS=<dir>, screenshots at 390 and 1280 px are written there.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { toneWav } from '../../src/features/locker/offline-media/tone-wav';
import { signUpFan } from './helpers';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ARTIST_EMAIL = `idartist-${RUN}@example.test`;
const LOCAL_PART = ARTIST_EMAIL.split('@')[0]!;
const NAME = `Nova Lane ${RUN.slice(-4)}`;
const BIO = 'Tape loops recorded in a lighthouse.';
const BIO_EDITED = 'Tape loops and field recordings from a lighthouse.';
const TITLE = `Lantern ${RUN}`;
const SHOTS = process.env.IDENTITY_SHOTS;
/** A real 8×8 PNG (solid teal) for the artist's picture. */
const PORTRAIT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEElEQVR4nGNgaGjAjoaWBADiMEABWMSWggAAAABJRU5ErkJggg==',
  'base64',
);

/** Screenshots of `target` (or the page) at 390 and 1280 px, when asked for. */
async function shoot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))); // laid out at the new width
    const path = join(SHOTS, `${name}-${width}.png`);
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function signUpArtist(page: Page) {
  await page.goto('/artist/login');
  await expect(async () => {
    await page.getByRole('button', { name: 'Create Artist Account' }).first().click();
    await expect(page.getByLabel('Confirm Password')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByLabel('Email').fill(ARTIST_EMAIL);
  await page.getByLabel(/^Password/).fill('secret-pass-1');
  await page.getByLabel('Confirm Password').fill('secret-pass-1');
  const terms = page.getByRole('checkbox', { name: /I agree to the/ });
  if (await terms.count()) await terms.check();
  await page.getByRole('button', { name: 'Create Artist Account' }).click();

  const dialog = page.getByRole('dialog', { name: 'Setup Your MediaID' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  for (const interest of ['Discovering new music', 'Underground scenes', 'Exclusive content']) {
    await dialog.getByText(interest, { exact: true }).click();
  }
  // The e-mail (or its local part) is refused as a public name, with a clear message.
  await dialog.getByLabel('Artist name').fill(LOCAL_PART);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Your artist name cannot be your e-mail address')).toBeVisible();
  await dialog.getByLabel('Artist name').fill(NAME);
  await dialog.getByLabel('Short bio').fill(BIO);
  await shoot(page, 'mediaid-artist-step', dialog);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard\/artist$/, { timeout: 20_000 });
}

test('an artist’s chosen name reaches the catalog card and the fan’s locker; the e-mail never does', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const artistContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const artistPage = await artistContext.newPage();
  await signUpArtist(artistPage);

  const profile = artistPage.getByRole('region', { name: 'Artist profile' });
  await expect(profile.getByText(NAME)).toBeVisible({ timeout: 20_000 });
  await expect(profile.getByText(BIO)).toBeVisible();
  await profile.getByRole('button', { name: 'Edit profile' }).click();
  const editor = artistPage.getByRole('dialog', { name: 'Edit artist profile' });
  await expect(editor.getByLabel('Artist name')).toHaveValue(NAME);
  await editor.getByLabel('Short bio').fill(BIO_EDITED);
  await editor
    .locator('input[type="file"]')
    .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: PORTRAIT });
  await shoot(artistPage, 'dashboard-profile-editor', editor);
  await editor.getByRole('button', { name: 'Save profile' }).click();
  await expect(editor).toBeHidden();
  await expect(profile.getByText(BIO_EDITED)).toBeVisible();
  await shoot(artistPage, 'dashboard-profile-card', profile);

  // Publish a free track through the Upload Manager.
  await artistPage
    .getByRole('button', { name: /Upload Content/ })
    .first()
    .click();
  await artistPage.locator('input[type="file"]').setInputFiles({
    name: `${TITLE}.wav`,
    mimeType: 'audio/wav',
    buffer: Buffer.from(toneWav(TITLE, { seconds: 3 })),
  });
  await expect(artistPage.getByLabel('Title')).toHaveValue(TITLE);
  await artistPage.getByLabel('Public release').check();
  await artistPage.getByRole('button', { name: 'Review', exact: true }).click();
  await artistPage.getByRole('button', { name: 'Start Upload' }).click();
  await expect(artistPage.getByText(/1 of 1 .*uploaded successfully/)).toBeVisible({ timeout: 60_000 });

  // A fan, whose every response is kept for the scan.
  const fanContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const fanPage = await fanContext.newPage();
  const received: { url: string; body: string }[] = [];
  const reading: Promise<unknown>[] = [];
  fanPage.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/json|text|javascript/.test(type)) return;
    reading.push(
      response
        .text()
        .then((body) => received.push({ url: response.url(), body }))
        .catch(() => undefined),
    );
  });
  await signUpFan(fanPage, `idfan-${RUN}@example.test`, 'secret-pass-2');

  await fanPage.goto('/catalog');
  const card = fanPage.getByRole('article', { name: NAME });
  await expect(async () => {
    if (!(await card.isVisible())) await fanPage.reload();
    await expect(card).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(card.getByText(BIO_EDITED)).toBeVisible({ timeout: 20_000 });
  // The picture is the artist's own upload, served through a signed URL.
  await expect(card.locator('img[src*="/storage/v1/object/sign/content/"]')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(fanPage, 'catalog-card', card);
  await card.getByRole('button', { name: `Join ${NAME}` }).click();
  await expect(card.getByText('Joined')).toBeVisible();

  await fanPage.goto('/dashboard/fan');
  await expect(fanPage.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 60_000 });
  const heading = fanPage.getByRole('heading', { name: TITLE });
  await expect(heading.locator('xpath=..').getByText(NAME)).toBeVisible();
  await heading.scrollIntoViewIfNeeded();
  await shoot(fanPage, 'locker-card');

  // Nothing the fan was shown or sent names the artist's e-mail.
  for (const page of [fanPage]) {
    expect((await page.content()).toLowerCase()).not.toContain(LOCAL_PART);
  }
  await Promise.all(reading); // every body seen so far is read
  expect(received.length).toBeGreaterThan(5);
  const leaks = received.filter((r) => r.body.toLowerCase().includes(LOCAL_PART)).map((r) => r.url);
  expect(leaks).toEqual([]);

  await Promise.all([artistContext.close(), fanContext.close()]);
});
