/**
 * Brands run campaigns for real: a brand signs up, opens 'Create Campaign' on its
 * dashboard, launches a campaign with 100 generated codes for electronic fans and a second one from
 * an uploaded CSV file; 'Your campaigns' lists both from the server with codes left, claims, spend
 * and the fans-reached figure hidden under 10 fans; the analytics card hides every fan figure and
 * imports a redemption CSV (a bad file refused). After launch the brand adds codes to one campaign
 * (a code already in the pool is skipped and counted) and stops the other from the keyboard through
 * its confirmation. SHOTS_DIR=… saves screenshots of the screens.
 */
import { expect, test, type Page } from '@playwright/test';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Real sign-up on the brand portal and its MediaID setup (as in collaborations.spec.ts). */
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

test('a brand launches campaigns with generated and uploaded codes and sees them listed', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpBrand(page, `campaign-brand-${run}@example.test`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Your campaigns' }) });
  await expect(card.getByText('No campaigns yet')).toBeVisible({ timeout: 20_000 });

  // 1. generated codes, electronic fans
  await card.getByRole('button', { name: 'Create Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
  await dialog.getByLabel('Title').fill(`Hear It Raw ${run}`);
  await dialog.getByLabel('Cultural context').fill('Warehouse nights, one synth line.');
  await dialog.getByRole('combobox', { name: 'Genre filter' }).click();
  await page.getByRole('option', { name: 'Electronic' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByText(/^100 codes \(e\.g\. [A-Z2-9]{4}-[A-Z2-9]{4}\)/)).toBeVisible();
  await shoot(page, 'create-campaign');
  await dialog.getByRole('button', { name: 'Launch Campaign' }).click();
  await expect(dialog.getByText('Campaign launched with 100 codes.')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('link', { name: 'Download codes (CSV)' })).toHaveAttribute(
    'download',
    'campaign-codes.csv',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = card.getByRole('row', { name: new RegExp(`Hear It Raw ${run}`) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('cell').nth(1)).toHaveText('100');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await expect(row.getByText('$0.00 of $1,000.00')).toBeVisible();
  await expect(row.getByText('Fewer than 10 fans')).toBeVisible();
  await expect(card.getByText(/Any figure about fewer than 10 fans is hidden/)).toBeVisible();

  // 2. codes uploaded as a CSV file, flat rate
  await card.getByRole('button', { name: 'Create Campaign' }).click();
  await dialog.getByLabel('Title').fill(`Night Bus ${run}`);
  await dialog.getByRole('combobox', { name: 'Payout model' }).click();
  await page.getByRole('option', { name: 'Flat rate' }).click();
  await dialog.getByText('Upload CSV', { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'codes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('code,note\nBUS-1,a\nBUS-2,b\nBUS-3,c\n'),
  });
  await expect(dialog.getByText(/^3 codes — each fan who claims gets one/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Launch Campaign' }).click();
  await expect(dialog.getByText('Campaign launched with 3 codes.')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  const bus = card.getByRole('row', { name: new RegExp(`Night Bus ${run}`) });
  await expect(bus.getByText('$500.00 of $1,000.00')).toBeVisible({ timeout: 20_000 });
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'your-campaigns');

  // 3. analytics: nobody claimed yet, so every fan figure is hidden by the server;
  // a redemption CSV is checked before sending, and a code no fan claimed counts as unknown
  const analytics = page.locator('section', { has: page.getByRole('heading', { name: 'Campaign analytics' }) });
  await expect(analytics.getByTestId('own-analytics')).toBeVisible({ timeout: 20_000 });
  await expect(analytics.getByText('Fewer than 10 fans — hidden to protect privacy')).toHaveCount(4);
  const csv = analytics.locator('input[type="file"]');
  await csv.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('BUS-1;yesterday\n') });
  await expect(analytics.getByTestId('redemption-result')).toContainText(
    'The file needs a header row with the columns code and redeemed_at',
  );
  await csv.setInputFiles({
    name: 'shop.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('code,redeemed_at,amount_cents\nBUS-1,2026-11-28T10:00:00Z,1299\n'),
  });
  await expect(analytics.getByTestId('redemption-result')).toContainText(
    '0 recorded, 0 already recorded, 1 not codes fans claimed from this campaign.',
  );
  await analytics.scrollIntoViewIfNeeded();
  await shoot(page, 'brand-analytics');

  // 4. after launch (20261130100000): codes added to a running campaign, one already in its pool
  // skipped; the other campaign stopped from the keyboard, its confirmation saying claimed codes stay
  await card.scrollIntoViewIfNeeded();
  await bus.getByRole('button', { name: `Add codes to Night Bus ${run}` }).click();
  const add = page.getByRole('dialog', { name: 'Add codes' });
  await add.getByText('Paste', { exact: true }).click();
  await add.getByLabel('Your codes').fill('BUS-1\nBUS-4');
  await add.getByRole('button', { name: 'Add 2 codes' }).click();
  await expect(page.getByText(/^Added 1 code; 1 code was already in the pool and skipped\./)).toBeVisible({
    timeout: 20_000,
  });
  await expect(add).toBeHidden();
  await expect(bus.getByRole('cell').nth(1)).toHaveText('4', { timeout: 20_000 });

  await row.getByRole('button', { name: `Stop campaign Hear It Raw ${run}` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Stop this campaign?' });
  await expect(confirm.getByText(/Codes already claimed stay with their fans/)).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Keep it running' })).toBeFocused();
  await shoot(page, 'stop-campaign-confirm');
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Stop campaign' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(/is stopped\. 0 codes already claimed stay with their fans\./)).toBeVisible();
  await expect(row.getByText('Stopped', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Stop campaign|Add codes/ })).toHaveCount(0);
  await expect(bus.getByText('Running', { exact: true })).toBeVisible();
  await expect(page.getByText(/is stopped\./)).toBeHidden({ timeout: 15_000 }); // the notification, before the shots
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'campaigns-running-and-stopped');
});
