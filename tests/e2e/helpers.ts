import { expect, type BrowserContext, type Page } from '@playwright/test';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys';

/** Seeds the app's in-memory auth state (the e2e harness's `window.__BUCKET_TEST_AUTH__`). */
export async function useMemoryAuth(
  context: BrowserContext,
  state: { role: 'fan' | 'artist' | 'brand' | 'developer' | 'admin'; onboarded?: boolean } | 'signed-out',
) {
  const value =
    state === 'signed-out'
      ? { user: null }
      : {
          user: {
            id: '00000000-0000-4000-8000-000000000001',
            email: `${state.role}@example.com`,
            user_metadata: { role: state.role },
          },
          profile: {
            selectedRole: state.role,
            availableRoles: [state.role],
            hasCompletedOnboarding: state.onboarded ?? true,
            hasMediaID: state.onboarded ?? true,
            hasRoleSpecificMediaID: state.onboarded ?? true,
          },
        };
  await context.addInitScript((seed) => {
    (window as unknown as { __BUCKET_TEST_AUTH__: unknown }).__BUCKET_TEST_AUTH__ = seed;
  }, value);
}

/** Waits until a service worker controls the page and has cached the whole build (the first online visit). */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active);
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
  // The precache is the shell; the rest of the build is cached in the background right after.
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 30_000 });
}

/** Cuts the network for the page AND its service worker (setOffline does not cover the worker's own fetches). */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/*');
  await context.setOffline(false);
}

/**
 * Signs a new fan up through /welcome and completes the MediaID setup (three interests, Jazz),
 * ending on /dashboard/fan. The sign-up form loads on the click, so the click is retried until it shows.
 */
export async function signUpFan(page: Page, email: string, password: string, options: { sampleFan?: boolean } = {}) {
  await page.goto('/welcome');
  await expect(async () => {
    await page.getByRole('button', { name: 'Create Fan Account' }).first().click();
    await expect(page.getByLabel('Confirm Password')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await fillSignUpForm(page, email, password);
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  await completeMediaIdSetup(page);
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });
  if (options.sampleFan) {
    const userId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('bucket-auth') ?? '{}') as { user?: { id?: string } }).user?.id ?? '',
    );
    await seedSampleFan(userId);
    await page.reload();
  }
}

/** The fan dashboard's Daily Rewards region. */
export const rewardsRegion = (page: Page) => page.getByRole('region', { name: 'Daily Rewards' });

/** The header's sync status badge ('Sync: Live', 'Sync: Offline', …). */
export const syncBadge = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('status')
    .filter({ hasText: /^Sync:/ });

/**
 * Seeds the spec's sample fan (calendar with day 6 today, claims 1-5, tier 3, six drops) for an
 * account, through the service role: since issue 31 sign-up creates none of it, and the locker
 * and reward tests need those rows to act on.
 */
export async function seedSampleFan(userId: string): Promise<void> {
  const backend = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
  const response = await fetch(`${backend}/rest/v1/rpc/generate_fan_sample`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ p_fan: userId, p_signed_up: new Date().toISOString() }),
  });
  expect(response.ok, await response.text()).toBe(true);
}

/**
 * Signs a new artist up on /artist/login and completes the MediaID setup, choosing the public
 * `artistName` (and bio) at its first step; ends on /dashboard/artist.
 */
export async function signUpArtist(
  page: Page,
  email: string,
  password: string,
  artist: { name: string; bio?: string },
) {
  await page.goto('/artist/login');
  await expect(async () => {
    await page.getByRole('button', { name: 'Create Artist Account' }).first().click();
    await expect(page.getByLabel('Confirm Password')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await fillSignUpForm(page, email, password);
  await page.getByRole('button', { name: 'Create Artist Account' }).click();
  await completeMediaIdSetup(page, artist);
  await expect(page).toHaveURL(/\/dashboard\/artist$/, { timeout: 20_000 });
}

/** 'yyyy-mm-ddThh:mm' (local time, for datetime-local inputs) `days` from now at 20:00. */
export function localDateTimeInDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T20:00`;
}

/** Real sign-up on the developer portal + the MediaID setup modal (as in auth.spec.ts). */
export async function signUpDeveloper(page: Page, email: string) {
  await page.goto('/developer/login');
  await page.getByText('Create Account', { exact: true }).click();
  await fillSignUpForm(page, email, 'secret-pass-1');
  await page.getByRole('button', { name: 'Create Developer Account' }).click();
  await completeMediaIdSetup(page);
  await expect(page).toHaveURL(/\/dashboard\/developer$/, { timeout: 20_000 });
}

/**
 * Registers an OAuth app in the developer portal (Applications → Create New App) and returns the
 * credentials the 'Application created' dialog shows once.
 */
export async function registerAppInPortal(
  page: Page,
  app: { name: string; redirectUri: string; scopes: string[] },
): Promise<{ clientId: string; clientSecret: string }> {
  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.getByRole('button', { name: 'Create New App' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Application' });
  await dialog.getByLabel('Application Name').fill(app.name);
  await dialog.getByLabel('Redirect URIs').fill(app.redirectUri);
  for (const scope of app.scopes) await dialog.getByRole('checkbox', { name: scope }).check();
  await dialog.getByRole('button', { name: 'Create Application' }).click();
  const reveal = page.getByRole('dialog', { name: 'Application created' });
  await expect(reveal).toBeVisible({ timeout: 20_000 });
  const clientSecret = (await reveal.getByTestId('new-client-secret').textContent()) ?? '';
  const clientId = (await reveal.getByTestId('new-client-id').textContent()) ?? '';
  await reveal.getByRole('button', { name: 'I’ve saved it' }).click();
  return { clientId, clientSecret };
}

/**
 * Fills a sign-up form's e-mail and both passwords until they hold their text (a form not yet
 * hydrated may drop it), and accepts the terms.
 */
async function fillSignUpForm(page: Page, email: string, password: string) {
  await expect(async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await expect(page.getByLabel(/^Password/)).toHaveValue(password, { timeout: 1_000 });
    await expect(page.getByLabel('Email')).toHaveValue(email, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
}

/**
 * The 'Setup Your MediaID' dialog after sign-up: three interests, then Jazz — or, for an artist,
 * the public artist name (and bio) at the first step and no genre.
 */
async function completeMediaIdSetup(page: Page, artist?: { name: string; bio?: string }) {
  const dialog = page.getByRole('dialog', { name: 'Setup Your MediaID' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  for (const interest of ['Discovering new music', 'Underground scenes', 'Exclusive content']) {
    await dialog.getByText(interest, { exact: true }).click();
  }
  if (artist) {
    await dialog.getByLabel('Artist name').fill(artist.name);
    if (artist.bio) await dialog.getByLabel('Short bio').fill(artist.bio);
  }
  await dialog.getByRole('button', { name: 'Next' }).click();
  if (!artist) await dialog.getByText('Jazz', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Complete Setup' }).click();
}
