/**
 * Local-first sync end to end: a signed-in fan sets up a second role with its own MediaID
 * (privacy settings changed) while offline; the change is stored locally, survives an offline
 * reload, and reaches the server within 10 s once the network is back.
 * Against `npm start` a service worker serves the app, so the whole network is cut (page AND
 * worker). A dev server has no service worker: there the backend is cut throughout and the browser
 * is offline except for the reload itself, which the dev server must answer.
 */
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { goOffline, goOnline } from './helpers';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const PASSWORD = 'secret-pass-1';
/** The local backend's well-known service-role key (supabase/local/keys.ts). */
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const INTERESTS = ['Discovering new music', 'Underground scenes', 'Exclusive content'];
/** A brand's MediaID asks brand goals, not a fan's interests. */
const BRAND_GOALS = ['Reaching engaged fans', 'Artist partnerships', 'Audience insights'];

interface ServerMediaId {
  id: string;
  role: string;
  interests: string[];
  privacy_settings: Record<string, boolean>;
}

/** Reads a user's MediaIDs on the server as the service role (bypasses RLS; test only). */
async function serverMediaIds(request: APIRequestContext, userId: string): Promise<ServerMediaId[]> {
  const response = await request.get(
    `${BACKEND}/rest/v1/media_ids?user_uuid=eq.${userId}&select=id,role,interests,privacy_settings`,
    { headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` } },
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerMediaId[];
}

async function signUpFan(page: Page, email: string) {
  await page.goto('/welcome');
  // The identity screens load after start-up: click until the sign-up form is there.
  await expect(async () => {
    await page.getByRole('button', { name: 'Create Fan Account' }).first().click();
    await expect(page.getByLabel('Confirm Password')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Setup Your MediaID' });
  for (const name of INTERESTS) await dialog.getByText(name, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Jazz', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });
}

/** True when a service worker controls the page (production build); waits for it if one registers. */
async function hasServiceWorker(page: Page): Promise<boolean> {
  const registered = await page.evaluate(async () => Boolean(await navigator.serviceWorker?.getRegistration()));
  if (!registered) return false;
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
  return true;
}

const abortBackend = (route: Route) => route.abort('internetdisconnected');
const OFFLINE_FLAG = 'bucket-e2e-offline';

/** Dev server only: the browser reports offline (navigator.onLine, `offline`/`online` events). */
async function emulateOffline(page: Page, offline: boolean) {
  await page.evaluate(
    ([flag, value]) => {
      if (value) sessionStorage.setItem(flag, '1');
      else sessionStorage.removeItem(flag);
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !value });
      window.dispatchEvent(new Event(value ? 'offline' : 'online'));
    },
    [OFFLINE_FLAG, offline] as const,
  );
}

/**
 * Production build: the whole network is cut (page and service worker). Dev server (no service
 * worker, modules served on demand): the backend is cut and the browser reports offline, while the
 * dev server still answers module and reload requests.
 */
async function cutNetwork(page: Page, withServiceWorker: boolean) {
  if (withServiceWorker) return goOffline(page.context());
  await page.context().route(`${BACKEND}/**`, abortBackend);
  await emulateOffline(page, true);
}

async function restoreNetwork(page: Page, withServiceWorker: boolean) {
  if (withServiceWorker) return goOnline(page.context());
  await page.context().unroute(`${BACKEND}/**`, abortBackend);
  await emulateOffline(page, false);
}

test('an offline MediaID change survives an offline reload and reaches the server within 10 s', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  // Dev-server runs keep reporting offline across the offline reload (see emulateOffline).
  await context.addInitScript((flag) => {
    if (sessionStorage.getItem(flag)) Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  }, OFFLINE_FLAG);
  const email = `sync-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  await signUpFan(page, email);
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('bucket-auth') ?? '{}') as { user?: { id?: string } }).user?.id ?? '',
  );
  expect(userId).not.toBe('');
  // The fan MediaID reached the server: replication works before the network goes away.
  await expect.poll(async () => (await serverMediaIds(request, userId)).map((m) => m.role), { timeout: 20_000 }).toEqual([
    'fan',
  ]);
  const withServiceWorker = await hasServiceWorker(page);
  const roleMenu = page.getByRole('button', { name: /Current role: Fan/ });
  await expect(roleMenu).toBeVisible({ timeout: 20_000 });

  await cutNetwork(page, withServiceWorker);
  // Offline: set up the brand role — a new MediaID with Location Access switched on.
  await roleMenu.click();
  await page.getByRole('menuitem', { name: /Brand/ }).click();
  await expect(page).toHaveURL(/\/onboarding\?role=brand$/);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  for (const name of BRAND_GOALS) await page.getByText(name, { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const location = page.getByRole('switch', { name: 'Location Access' });
  await expect(location).not.toBeChecked();
  await location.click({ force: true });
  await expect(location).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Enter Bucket' }).click();
  await expect(page).toHaveURL(/\/dashboard\/brand$/, { timeout: 20_000 });
  // Nothing has reached the server.
  expect((await serverMediaIds(request, userId)).map((m) => m.role)).toEqual(['fan']);

  // Reload while offline: the change is read back from the local database.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/brand$/);
  // The header tells what waits: the MediaID (and the profile's role list) are still local only.
  await expect(page.getByRole('status').filter({ hasText: /changes? waiting/ })).toBeVisible({ timeout: 20_000 });
  // The brand role is still there (read back from the local database by the identity layer).
  await expect(page.getByRole('button', { name: /Current role: Brand/ })).toBeVisible({ timeout: 20_000 });
  expect((await serverMediaIds(request, userId)).map((m) => m.role)).toEqual(['fan']);

  // Back online: the stored change is on the server within 10 s.
  await restoreNetwork(page, withServiceWorker);
  await expect
    .poll(async () => (await serverMediaIds(request, userId)).find((m) => m.role === 'brand') ?? null, {
      timeout: 10_000,
      intervals: [250],
    })
    .toMatchObject({
      id: `${userId}|brand`,
      interests: BRAND_GOALS,
      privacy_settings: { location_access: true },
    });
});
