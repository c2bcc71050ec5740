/**
 * Signed-in navigation and real-drop interactions (issue 31 Deliver 5 and 6), through the UI only:
 * real sign-ups, no injected sessions, no API shortcuts.
 * - A signed-in user on /, /welcome, /login and the portals sees who they are and the way to their
 *   dashboard, not a form; "Welcome Back" greets only a device where someone signed in before.
 * - An artist uploads a Free, released track; a fan joins from the catalog, reacts, saves and
 *   comments on the drop; a reload and a second device (signed in through /login) keep them.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { toneWav } from '../../src/features/locker/offline-media/tone-wav';
import { signUpArtist, signUpFan, syncBadge } from './helpers';

const PASSWORD = 'secret-pass-1';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${run}-${++counter}@example.test`;

const SIGNED_IN_PAGES = ['/', '/welcome', '/login', '/artist/login', '/brand/login', '/developer/login'];

async function expectSignedInNotice(page: Page, path: string, email: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: "You're signed in" }), path).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Signed in as ${email}`), path).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your dashboard' }), path).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' }), path).toBeVisible();
  // No sign-up or sign-in form for someone already signed in.
  await expect(page.getByRole('textbox', { name: 'Email' }), path).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Create .* Account$/ }), path).toHaveCount(0);
}

test('a signed-in user on the public pages sees the way to their dashboard, not a form', async ({ page }) => {
  test.setTimeout(120_000);
  // A first visit is welcomed, not welcomed back.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to Bucket' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0);

  const email = uniqueEmail('nav');
  await signUpFan(page, email, PASSWORD); // the sign-up's MediaID setup modal still follows it
  for (const path of SIGNED_IN_PAGES) await expectSignedInNotice(page, path, email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });

  // Signing out from the notice brings the forms back, and this device is now welcomed back.
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign Out' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Create Fan Account' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

async function uploadFreeReleasedTrack(page: Page, title: string) {
  await page
    .getByRole('button', { name: /Upload Content/ })
    .first()
    .click();
  await page.locator('input[type="file"]').setInputFiles({
    name: `${title}.wav`,
    mimeType: 'audio/wav',
    buffer: Buffer.from(toneWav(title, { seconds: 4 })),
  });
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByLabel('Public release').check();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.getByRole('button', { name: 'Start Upload' }).click();
  await expect(page.getByText('Upload Complete!')).toBeVisible({ timeout: 60_000 });
}

const dropCard = (page: Page, title: string) =>
  page.locator('[data-rarity]').filter({ has: page.getByRole('heading', { name: title }) });

async function signInOnLogin(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 30_000 });
  return page;
}

test('a fan reacts to, saves and comments on a real drop; a reload and another device keep them', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Night Signal ${run}`;
  const artistPage = await (await browser.newContext()).newPage();
  await signUpArtist(artistPage, uniqueEmail('artist'), PASSWORD, { name: `Signal Tower ${run.slice(-4)}` });
  await uploadFreeReleasedTrack(artistPage, title);

  const fanEmail = uniqueEmail('fan');
  const fanPage = await (await browser.newContext()).newPage();
  await signUpFan(fanPage, fanEmail, PASSWORD);
  await fanPage.goto('/catalog');
  await fanPage.getByPlaceholder('Search artists, genres, or vibes...').fill(title);
  const artistCard = fanPage.getByRole('article').filter({ hasText: title });
  await artistCard.getByRole('button', { name: /^Join / }).click();
  await expect(artistCard.getByText('Joined')).toBeVisible({ timeout: 20_000 });

  await fanPage.goto('/dashboard/fan');
  const card = dropCard(fanPage, title);
  await expect(card).toBeVisible({ timeout: 60_000 });
  await card.getByRole('button', { name: 'Fire (0)' }).click();
  await expect(card.getByRole('button', { name: 'Fire (1)' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('button', { name: 'Saved' })).toBeVisible();
  await card.getByRole('button', { name: 'Comment · 0' }).click();
  const dialog = fanPage.getByRole('dialog', { name: `Comment on ${title}` });
  await dialog.getByLabel('Your comment').fill('This one hits at 3 a.m.');
  await dialog.getByRole('button', { name: 'Post Comment' }).click();
  await expect(card.getByRole('button', { name: 'Comment · 1' })).toBeVisible();
  // Synced: nothing waits in the header badge any more.
  await expect(syncBadge(fanPage)).not.toContainText('waiting', { timeout: 30_000 });

  await fanPage.reload();
  await expect(card.getByRole('button', { name: 'Fire (1)' })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 30_000,
  });
  await expect(card.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Comment · 1' })).toBeVisible();

  // Another device has only what the server kept.
  const otherDevice = await signInOnLogin(browser, fanEmail);
  const there = dropCard(otherDevice, title);
  await expect(there.getByRole('button', { name: 'Fire (1)' })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 60_000,
  });
  await expect(there.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(there.getByRole('button', { name: 'Comment · 1' })).toBeVisible();
});
