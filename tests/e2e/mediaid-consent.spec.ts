/**
 * Sign in with MediaID end to end: a developer registers an app in the portal (the
 * register-app function creates the OAuth client; the secret is shown once); the example client
 * (examples/mediaid-client/mediaid.ts) sends a fan's browser to /auth/v1/oauth/authorize with PKCE;
 * the consent screen names the app and what it may see; Allow returns a code the client exchanges
 * with its secret at MediaID's token endpoint (opaque MediaID tokens); it reads preferences through the MediaID API; the fan turns Location Access off
 * in MediaID settings and the next read has no location; the developer's Overview counts the real
 * calls; the fan revokes the app in 'Connected apps', the client's next call and refresh fail and
 * the app's webhook endpoint (added in the portal) gets one signed permission.revoked.
 * SHOTS_DIR=<dir> also saves the screens at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  authorizeUrl,
  callApi,
  discover,
  exchange,
  MediaIdApiError,
  refresh,
  type MediaIdConfig,
} from '../../examples/mediaid-client/mediaid';
import { Webhook } from 'standardwebhooks';
import { startReceiver } from '../integration/webhooks/receiver';
import { registerAppInPortal, signUpDeveloper, signUpFan } from './helpers';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const REDIRECT_URI = 'http://localhost:7777/callback';
const APP_NAME = 'Crate Finder';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))); // laid out at the new width
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The example client's reads: the answer, or the API's refusal (status and code). */
async function getPreferences(cfg: MediaIdConfig, accessToken: string) {
  try {
    return { status: 200, body: await callApi(cfg, accessToken, 'GET /v1/preferences') };
  } catch (e) {
    if (e instanceof MediaIdApiError) return { status: e.status, body: { message: e.code } };
    throw e;
  }
}

/**
 * The consent screen sends the browser on to the app by itself: wait until the app's page is what
 * the fan sees, so the next navigation does not race (and abort) that redirect.
 */
async function expectBackAtApp(page: Page) {
  await expect(page).toHaveURL(/^http:\/\/localhost:7777\/callback\?/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Signed in', level: 1 })).toBeVisible();
}

async function openMediaIdSettings(page: Page) {
  await page.goto('/dashboard/fan');
  await page.getByRole('button', { name: /^Current role: Fan/ }).click();
  await page.getByRole('menuitem', { name: 'MediaID settings' }).click();
  await expect(page).toHaveURL(/\/settings\/mediaid$/);
  await expect(page.getByRole('heading', { name: 'MediaID settings', level: 1 })).toBeVisible();
}

test('a developer registers an app; a fan connects it with MediaID, limits it with a privacy switch, then revokes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  // The developer registers the app in the portal and copies the credentials shown once.
  const devContext = await browser.newContext();
  const devPage = await devContext.newPage();
  await signUpDeveloper(devPage, `consent-dev-${run}@example.test`);
  const credentials = await registerAppInPortal(devPage, {
    name: APP_NAME,
    redirectUri: REDIRECT_URI,
    scopes: ['media:read', 'preferences:read'],
  });
  await shoot(devPage, 'portal-registered');

  // …and points a webhook endpoint (a receiver in this test, on the backend's loopback) at it.
  const receiver = await startReceiver();
  await devPage.getByRole('tab', { name: 'Webhooks' }).click();
  await devPage.getByLabel('Endpoint URL').fill(receiver.url('/bucket-hooks'));
  await devPage.getByRole('button', { name: 'Add Endpoint' }).click();
  const hookSecret = (await devPage.getByTestId('webhook-secret').textContent()) ?? '';
  expect(hookSecret).toMatch(/^whsec_/);
  await expect(devPage.getByText(receiver.url('/bucket-hooks'))).toBeVisible();
  const cfg: MediaIdConfig = {
    supabaseUrl: BACKEND,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    redirectUri: REDIRECT_URI,
  };

  await signUpFan(page, `consent-fan-${run}@example.test`, 'secret-pass-1');

  // Location Access is off by default: the fan turns it on first, so the app can see a location.
  await openMediaIdSettings(page);
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await privacy.getByRole('switch', { name: 'Location Access' }).check();
  await expect(page.getByRole('region', { name: 'Connected apps' })).toContainText(
    'No apps are connected to your MediaID.',
  );

  // The example client sends the browser to the authorization endpoint with PKCE (S256).
  const as = await discover(cfg);
  const pending = await authorizeUrl(as, cfg);
  let callback: URL | null = null;
  await page.context().route('http://localhost:7777/**', async (route) => {
    callback = new URL(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<title>Crate Finder</title><h1>Signed in</h1>' });
  });
  const returnedCode = () => (callback as URL | null)?.searchParams.get('code') ?? null;

  await page.goto(pending.url.toString());
  await expect(page).toHaveURL(/\/oauth\/consent\?authorization_id=/);
  const consent = page.getByRole('heading', { name: `${APP_NAME} wants to use your MediaID`, level: 1 });
  await expect(consent).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Shares your Fan MediaID')).toBeVisible();
  await expect(page.getByText('See your genre and interest preferences')).toBeVisible();
  await expect(page.getByText('See your MediaID summary: your role, name and location')).toBeVisible();
  await expect(page.getByText('See your email address')).toBeVisible();
  await expect(page.getByText('Your privacy switches allow everything above.')).toBeVisible();
  await shoot(page, 'consent');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expectBackAtApp(page);
  expect(returnedCode()).toBeTruthy();

  // The client exchanges the code (PKCE verifier, client secret) and reads preferences.
  const tokens = await exchange(as, cfg, callback!, pending);
  // (the switch turned on before reaches the server through the sync engine)
  await expect
    .poll(async () => (await getPreferences(cfg, tokens.access_token)).body.location_code, { timeout: 30_000 })
    .toBe('US');
  const first = await getPreferences(cfg, tokens.access_token);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ role: 'fan', genre_preferences: ['Jazz'], location_code: 'US', withheld: [] });

  // Location Access off in MediaID settings: the next read carries no location (no re-consent).
  await openMediaIdSettings(page);
  await page.getByRole('region', { name: 'Privacy' }).getByRole('switch', { name: 'Location Access' }).uncheck();
  await expect
    .poll(async () => (await getPreferences(cfg, tokens.access_token)).body.location_code ?? 'none', {
      timeout: 30_000,
    })
    .toBe('none');
  const hidden = await getPreferences(cfg, tokens.access_token);
  expect(hidden.body).toMatchObject({ genre_preferences: ['Jazz'], withheld: ['location_code'] });

  // Connected apps and the access log show the app and what it read.
  await page.reload();
  const apps = page.getByRole('region', { name: 'Connected apps' });
  await expect(apps.getByText(APP_NAME, { exact: true })).toBeVisible();
  await expect(apps).toContainText('Can: MediaID summary, genre and interest preferences');
  await expect(apps).toContainText(/Last read data on \d\d\/\d\d\/\d\d, \d{1,2}:\d\d [AP]M/);
  const log = page.getByRole('region', { name: 'Access log' });
  await expect(log.getByRole('listitem').first()).toHaveText(
    new RegExp(`^${APP_NAME} read your genre preferences and interests on \\d\\d/\\d\\d/\\d\\d, `),
  );
  await shoot(page, 'settings');

  // The developer's Overview counts the app's real calls and its one connected user (no names).
  await devPage.reload();
  await devPage.getByRole('tab', { name: 'Overview' }).click();
  const usage = devPage.getByRole('table', { name: 'Real API use per application' });
  const row = usage.getByRole('row').filter({ hasText: APP_NAME });
  await expect(row.getByRole('cell').nth(2)).toHaveText('1', { timeout: 20_000 });
  expect(Number(await row.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(3);
  await expect(devPage.getByText(`consent-fan-${run}`)).toHaveCount(0);
  await shoot(devPage, 'portal-usage');
  // …and so does the app's card (real 30-day figures, not the unmetered synced counters).
  await devPage.getByRole('tab', { name: 'Applications' }).click();
  const card = devPage.getByTestId('app-card').filter({ hasText: APP_NAME });
  await expect(card).toContainText(/Users\s*1(?!\d)/);
  await expect(card).not.toContainText(/API calls\s*0(?!\d)/);

  // Granted before and asking for nothing more: the app gets a code without a question.
  callback = null;
  await page.goto((await authorizeUrl(as, cfg)).url.toString());
  await expectBackAtApp(page);
  expect(returnedCode()).toBeTruthy();

  // Asking for more than the fan allowed (an OpenID scope too) brings the question back, even
  // though the MediaID grant covers the app's Bucket scopes; the fan denies it.
  callback = null;
  await page.goto((await authorizeUrl(as, { ...cfg, scope: 'email profile' })).url.toString());
  await expect(consent).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:7777\/callback\?error=access_denied/, { timeout: 20_000 });
  await openMediaIdSettings(page);

  // Revoke: confirm, see the result; the app's next call and its refresh fail.
  await apps.getByRole('button', { name: `Revoke ${APP_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke ${APP_NAME}?` });
  await dialog.getByRole('button', { name: 'Revoke access' }).click();
  await expect(apps.getByRole('status')).toHaveText(`${APP_NAME} can no longer use your MediaID.`);
  await expect(apps).toContainText('No apps are connected to your MediaID.');
  const after = await getPreferences(cfg, tokens.access_token);
  expect(after.status).toBe(401);
  expect(after.body).toMatchObject({ message: 'invalid_token' });
  await expect(refresh(as, cfg, tokens.refresh_token!)).rejects.toThrow();
  await shoot(page, 'revoked');

  // The app hears of the revocation once, signed (Standard Webhooks), with no value of the fan's.
  await expect
    .poll(() => receiver.received.filter((r) => r.body.includes('permission.revoked')).length, { timeout: 30_000 })
    .toBe(1);
  const hook = receiver.received.find((r) => r.body.includes('permission.revoked'))!;
  const event = new Webhook(hookSecret).verify(hook.body, hook.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };
  expect(event.type).toBe('permission.revoked');
  expect(Object.keys(event.data).sort()).toEqual(['revoked_at', 'role', 'user_id']);
  for (const r of receiver.received) expect(r.body).not.toMatch(/Jazz|"US"|consent-fan/);
  await devPage.reload();
  await devPage.getByRole('tab', { name: 'Webhooks' }).click();
  const deliveries = devPage.getByRole('table', { name: 'Webhook deliveries' });
  await expect(deliveries.getByRole('row').filter({ hasText: 'permission.revoked' })).toContainText('Delivered', {
    timeout: 20_000,
  });
  await shoot(devPage, 'portal-webhooks');

  // Revoked, the app must ask again; signed out, the consent screen sends the fan to sign in and back.
  const other = await page.context().browser()!.newContext();
  let otherCallback: URL | null = null;
  await other.route('http://localhost:7777/**', async (route) => {
    otherCallback = new URL(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<h1>Back at the app</h1>' });
  });
  const signedOut = await other.newPage();
  await signedOut.goto((await authorizeUrl(as, cfg)).url.toString());
  await expect(signedOut).toHaveURL(/\/login\?redirect=/, { timeout: 20_000 });
  await signedOut.getByLabel('Email').fill(`consent-fan-${run}@example.test`);
  await signedOut.getByLabel(/^Password/).fill('secret-pass-1');
  await signedOut.getByRole('button', { name: 'Sign In' }).click();
  await expect(signedOut.getByRole('heading', { name: `${APP_NAME} wants to use your MediaID` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(signedOut.getByText('Location stays hidden — Location Access is off')).toBeVisible();
  await shoot(signedOut, 'consent-withheld');
  await signedOut.getByRole('button', { name: 'Deny' }).click();
  await expect.poll(() => otherCallback?.searchParams.get('error') ?? null, { timeout: 20_000 }).toBe('access_denied');
  await other.close();
  await devContext.close();
  await receiver.close();
});
