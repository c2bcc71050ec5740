/**
 * Collaborations for real: a brand names itself, an artist pitches to it from the Collaboration
 * Hub, the brand counters and the artist accepts — each side sees the other's answer without a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpArtist } from './helpers';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const BRAND = `Loop Coffee ${run}`;
const ARTIST = `Nova Static ${run}`;
const TITLE = `Night Bus Sessions ${run}`;

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Real sign-up on the brand portal and its MediaID setup (a brand's own questions). */
async function signUpBrand(page: Page, email: string) {
  await page.goto('/brand/login');
  await expect(async () => {
    await page.getByRole('button', { name: 'Create Brand Account' }).first().click();
    await expect(page.getByLabel('Confirm Password')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('secret-pass-1');
    await page.getByLabel('Confirm Password').fill('secret-pass-1');
    await expect(page.getByLabel('Email')).toHaveValue(email, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create Brand Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Setup Your MediaID' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  for (const interest of ['Reaching engaged fans', 'Artist partnerships', 'Codes and drops for fans']) {
    await dialog.getByText(interest, { exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard\/brand$/, { timeout: 20_000 });
}

test('an artist pitches to a brand; the brand counters, the artist accepts, both live', async ({ browser }) => {
  test.setTimeout(240_000);
  const brandContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const brandPage = await brandContext.newPage();
  await signUpBrand(brandPage, `collab-brand-${run}@example.test`);
  // The role menu leads to the hub; a brand without a public name is asked for one first.
  await brandPage.getByRole('button', { name: /Current role: Brand/ }).click();
  await brandPage.getByRole('menuitem', { name: 'Collaborations' }).click();
  await expect(brandPage).toHaveURL(/\/collaborations$/);
  await expect(brandPage.getByText('No collaborations yet')).toBeVisible({ timeout: 20_000 });
  const nameCard = brandPage.getByTestId('brand-name-card');
  await nameCard.getByLabel('Brand name').fill(`brand-${run}@example.test`);
  await nameCard.getByRole('button', { name: 'Save name' }).click();
  await expect(nameCard.getByText(/e-mail/i).first()).toBeVisible();
  await nameCard.getByLabel('Brand name').fill(BRAND);
  await nameCard.getByRole('button', { name: 'Save name' }).click();
  await expect(nameCard).toHaveCount(0);

  const artistContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const artistPage = await artistContext.newPage();
  await signUpArtist(artistPage, `collab-artist-${run}@example.test`, 'secret-pass-2', { name: ARTIST });
  await artistPage.goto('/collaborations');
  await artistPage.getByRole('tab', { name: 'Create Proposal' }).click();
  // Nothing is sent without the required fields.
  await artistPage.getByRole('button', { name: 'Submit Collaboration Proposal' }).click();
  await expect(artistPage.getByText('Choose a brand')).toBeVisible();
  await expect(artistPage.getByText('A whole amount between $1 and $10,000,000')).toBeVisible();
  // The brand's name reaches the artist once it has synced to the server.
  await expect(async () => {
    await artistPage.getByRole('combobox', { name: 'Send to (Brand)' }).click();
    await expect(artistPage.getByRole('option', { name: BRAND })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await artistPage.getByRole('option', { name: BRAND }).click();
  await artistPage.getByLabel('Campaign Title').fill(TITLE);
  await artistPage.getByLabel('Cultural Narrative').fill('Late-night commuters, one synth line.');
  await artistPage.getByRole('combobox', { name: 'Proposed Timeline' }).click();
  await artistPage.getByRole('option', { name: '3-4 weeks' }).click();
  await artistPage.getByLabel('Community Reach').fill('12K followers');
  await artistPage.getByLabel('Proposed Deliverables').fill('Two tracks\nOne live set');
  await artistPage.getByLabel('Budget Request').fill('8000');
  await shoot(artistPage, 'collab-create-proposal');
  await artistPage.getByRole('button', { name: 'Submit Collaboration Proposal' }).click();
  const artistDetail = artistPage.getByTestId('offer-detail');
  await expect(artistDetail.getByText(TITLE)).toBeVisible();
  await expect(artistDetail.getByText('Awaiting Response')).toBeVisible();
  await expect(artistDetail.getByText(`Waiting for ${BRAND} to answer.`)).toBeVisible();

  // The brand's open page shows the pitch without a reload, and counters it.
  const brandDetail = brandPage.getByTestId('offer-detail');
  await expect(brandDetail.getByText(TITLE)).toBeVisible({ timeout: 15_000 });
  await expect(brandDetail.getByText(`From ${ARTIST} · Artist pitch`)).toBeVisible();
  await expect(brandPage.getByText('Your answer is due')).toBeVisible();
  await shoot(brandPage, 'collab-brand-offer');
  await brandDetail.getByRole('button', { name: 'Counter Proposal' }).click();
  await brandDetail.getByLabel('Your budget').fill('6000');
  await brandDetail.getByLabel('Note').fill('Three weeks, one track');
  await brandDetail.getByRole('button', { name: 'Send Counter Proposal' }).click();
  await expect(brandDetail.getByText('Countered')).toBeVisible();
  await expect(brandDetail.getByText(`Waiting for ${ARTIST} to answer.`)).toBeVisible();

  // The artist sees the counter live and accepts.
  await expect(artistDetail.getByText('Countered')).toBeVisible({ timeout: 15_000 });
  await expect(artistDetail.getByText('$6,000')).toBeVisible();
  await expect(artistDetail.getByText('Three weeks, one track')).toBeVisible();
  await shoot(artistPage, 'collab-artist-countered');
  await artistDetail.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(artistDetail.getByText('Accepted')).toBeVisible();
  await expect(brandDetail.getByText('Accepted')).toBeVisible({ timeout: 15_000 });
  await expect(brandDetail.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);

  await artistPage.getByRole('tab', { name: 'Collaboration Analytics' }).click();
  await expect(artistPage.getByText('Accepted value')).toBeVisible();
  await expect(artistPage.getByText('$6,000')).toBeVisible();
  await Promise.all([artistContext.close(), brandContext.close()]);
});
