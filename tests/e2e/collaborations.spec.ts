/**
 * Collaborations for real: a brand names itself, an artist pitches to it from the Collaboration
 * Hub, the brand counters and the artist accepts — each side sees the other's answer without a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys';
import { signUpArtist } from './helpers';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const BRAND = `Loop Coffee ${run}`;
const ARTIST = `Nova Static ${run}`;
const TITLE = `Night Bus Sessions ${run}`;

/** Service-role REST call (the brand's campaign is set up here; its own form has its own spec). */
async function service(path: string, body: unknown, method = 'POST') {
  const backend = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
  const response = await fetch(`${backend}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as Record<string, unknown>[];
}

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

  // The accepted collaboration: nothing earned yet, and the brand has no live campaign to deliver.
  await expect(brandDetail.getByText('Earnings from this collaboration')).toBeVisible();
  await expect(brandDetail.getByText('No live campaign to deliver.', { exact: false })).toBeVisible();
  await expect(artistDetail.getByText('No earnings yet.', { exact: false })).toBeVisible();
  const [offer] = await service(`collab_offers?title=eq.${encodeURIComponent(TITLE)}&select=brand_id`, null, 'GET');
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await service('brand_campaigns', {
    brand_id: offer!.brand_id,
    title: `Night Bus Codes ${run}`,
    budget_cents: 20_000,
    payout_model: 'flat_rate',
    flat_fee_cents: 5_000,
    starts_on: today,
    ends_on: later,
  });
  await brandPage.reload();
  await brandDetail.getByRole('combobox', { name: 'Campaign' }).click();
  await brandPage.getByRole('option', { name: new RegExp(`Night Bus Codes ${run}`) }).click();
  await shoot(brandPage, 'collab-deliver-codes');
  await brandDetail.getByRole('button', { name: 'Deliver codes' }).click();
  await expect(brandDetail.getByTestId('delivered-campaigns')).toContainText(`Night Bus Codes ${run} (flat rate)`);
  await expect(brandDetail.getByTestId('collab-earnings-total')).toHaveText('$50.00');
  await expect(brandDetail.getByRole('cell', { name: 'Flat fee' })).toBeVisible();
  await artistPage.reload();
  await expect(artistDetail.getByTestId('collab-earnings-total')).toHaveText('$50.00', { timeout: 15_000 });
  await shoot(artistPage, 'collab-artist-earnings');
  await artistPage.goto('/dashboard/artist');
  await expect(artistPage.getByTestId('collab-earnings-line')).toContainText('$50.00', { timeout: 20_000 });

  await artistPage.goto('/collaborations');
  await artistPage.getByRole('tab', { name: 'Collaboration Analytics' }).click();
  await expect(artistPage.getByText('Accepted value')).toBeVisible();
  await expect(artistPage.getByText('$6,000')).toBeVisible();
  await Promise.all([artistContext.close(), brandContext.close()]);
});
