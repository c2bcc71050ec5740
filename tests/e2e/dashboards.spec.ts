/**
 * Artist, brand and developer dashboards: sections per role (and admin), the period filter
 * without network calls, the map and charts offline, developer app creation against the local backend
 * (real sign-up, row checked on the server, RLS), /test, payments off,
 * and screenshots at 360 px and 1280 px in tests/e2e/screenshots/ (git-ignored).
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { goOffline, signUpDeveloper, useMemoryAuth } from './helpers';

const SCREENSHOTS = 'tests/e2e/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
/** The local backend's well-known service-role key (supabase/local/keys.ts): bypasses RLS. */
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const developerEmail = (label: string) => `${label}-${RUN}@example.test`;

const SECTIONS = {
  artist: ['Fan Geography', 'Revenue by Channel', 'Weekly Engagement', 'Top Fan Promoters', 'Content Themes'],
  brand: [
    'Campaign Regions',
    'Campaign Momentum',
    'Audience Intelligence',
    'Artist Partnerships',
    'Brand Impact',
    'AI Campaign Insights',
    'Optimization Insights',
    'Theme Vector Space',
  ],
} as const;

/** Start-up has finished: the idle-loaded app chrome (notifications, SW prompt) is mounted, network quiet. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.appChrome === 'ready');
  await page.waitForLoadState('networkidle');
}

/** Network requests made while `action` runs (data: and blob: URLs are not network). */
async function requestsDuring(page: Page, action: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (request: Request) => {
    if (!/^(data|blob):/.test(request.url())) seen.push(request.url());
  };
  page.on('request', listener);
  await action();
  // Two frames after the action's last change is on screen: that commit's effects have run, so
  // any request they set off has started.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  page.off('request', listener);
  return seen;
}

async function expectMapAndChart(page: Page, testId: string) {
  const map = page.getByTestId(testId).getByTestId('world-map');
  await expect(map.locator('svg path').first()).toBeVisible();
  expect(await map.locator('svg path').count()).toBeGreaterThan(100);
  expect(await map.getByTestId('map-marker').count()).toBeGreaterThan(5);
}

for (const role of ['artist', 'admin'] as const) {
  test(`artist dashboard renders its sections for ${role}`, async ({ page, context }) => {
    await useMemoryAuth(context, { role });
    await page.goto('/dashboard/artist');
    // the user's own header and figures first; the sample identity is never theirs.
    await expect(page.getByRole('heading', { name: 'Your artist dashboard', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: /^Sample data/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'BTI', level: 1 })).toHaveCount(0);
    await expect(page.getByText('Platinum Creator')).toHaveCount(0);
    // The header's Upload Manager button; 'Your Bucket' below has its own upload button.
    await expect(page.getByRole('button', { name: /Upload Content/ }).first()).toBeVisible();
    await expect(page.getByText('Your Bucket', { exact: true })).toBeVisible();
    for (const label of ['Total Streams', 'Daily Locker Access', 'Fan Conversion'])
      await expect(page.getByText(label)).toBeVisible();
    for (const section of SECTIONS.artist) await expect(page.getByRole('heading', { name: section })).toBeVisible();
  });

  test(`brand dashboard renders its sections for ${role === 'artist' ? 'brand' : role}`, async ({ page, context }) => {
    await useMemoryAuth(context, { role: role === 'artist' ? 'brand' : role });
    await page.goto('/dashboard/brand');
    await expect(page.getByRole('heading', { name: 'Your brand dashboard', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    // the harness's memory user has no server session: the card is there; its real list is in brand-campaigns.spec.ts
    await expect(page.getByRole('heading', { name: 'Your campaigns' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Sample data/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Northwave Audio', level: 1 })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: '30d' })).toBeChecked();
    for (const label of ['Campaign Reach', 'Engaged Fans', 'Cost per Action', 'Conversion Rate'])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    for (const section of SECTIONS.brand) await expect(page.getByRole('heading', { name: section })).toBeVisible();
    for (const priority of ['High priority', 'Medium priority', 'Low priority'])
      await expect(page.getByText(priority).first()).toBeVisible();
    expect(await page.getByTestId('theme-node').count()).toBe(10);
  });

  test(`developer portal renders its tabs for ${role === 'artist' ? 'developer' : role}`, async ({ page, context }) => {
    await useMemoryAuth(context, { role: role === 'artist' ? 'developer' : role });
    await page.goto('/dashboard/developer');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    for (const tab of ['Overview', 'Applications', 'Analytics', 'Webhooks', 'API Docs'])
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    await expect(page.getByTestId('stat-card')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Recent API Activity' })).toBeVisible();
    const color = (status: string) =>
      page.getByTestId('api-activity').filter({ hasText: status }).first().locator('[data-status-color]');
    await expect(color('429')).toHaveAttribute('data-status-color', 'yellow');
    await expect(color('201')).toHaveAttribute('data-status-color', 'green');
    await expect(color('500')).toHaveAttribute('data-status-color', 'red');
    await page.getByRole('tab', { name: 'API Docs' }).click();
    for (const call of [
      '/oauth/authorize',
      '/oauth/token',
      '/api/v1/preferences',
      '/api/v1/events',
      '/api/v1/analytics',
      '/api/v1/users/me',
      'preference.updated',
      'permission.revoked',
    ]) {
      await expect(page.getByText(call, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'OAuth 2.0 with PKCE' })).toBeVisible();
  });
}

test("dialogs a screen holds closed open on demand, and give focus back when closed (a reward's day, sign-out)", async ({
  page,
  context,
}) => {
  await useMemoryAuth(context, { role: 'fan' });
  await page.goto('/dashboard/fan');
  const day = page.getByRole('button', { name: /^Day 1,/ });
  // Closed dialogs are not in the page until first opened (src/components/Modal.tsx).
  await expect(day).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const opening of ['first', 'second']) {
    await day.click();
    const dialog = page.getByRole('dialog', { name: /^Day 1/ });
    await expect(dialog, opening).toBeVisible();
    await expect(dialog.getByRole('heading', { name: /^Day 1/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog, opening).toHaveCount(0);
    await expect(day, opening).toBeFocused();
  }
  // The header's sign-out confirmation, opened from the role menu.
  await page.getByRole('button', { name: /Current role: Fan/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const signOut = page.getByRole('dialog', { name: 'Sign Out' });
  await expect(signOut).toBeVisible();
  await signOut.getByRole('button', { name: 'Close' }).click();
  await expect(signOut).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/fan$/);
});

test('the role menu, mounted on its first opening, works from the keyboard and gives focus back', async ({
  page,
  context,
}) => {
  await useMemoryAuth(context, { role: 'fan' });
  await page.goto('/dashboard/fan');
  const trigger = page.getByRole('button', { name: /Current role: Fan/ });
  await expect(trigger).toBeVisible();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('menu')).toHaveCount(0);
  for (const opening of ['first', 'second']) {
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu, opening).toBeVisible();
    await expect(trigger, opening).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Manage roles' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').first(), opening).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu, opening).toBeHidden();
    await expect(trigger, opening).toBeFocused();
  }
});

test('a fan is not let into the artist dashboard', async ({ page, context }) => {
  await useMemoryAuth(context, { role: 'fan' });
  await page.goto('/dashboard/artist');
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test('the period filter switches figures without network requests', async ({ page, context }) => {
  await useMemoryAuth(context, { role: 'admin' });
  await page.goto('/dashboard/artist');
  const streams = page.getByTestId('stat-value').first();
  await expect(streams).toHaveText('812.6K');
  await settled(page);
  const requests = await requestsDuring(page, async () => {
    await page.getByText('7d', { exact: true }).click();
    await expect(streams).toHaveText('184.3K');
    await page.getByText('90d', { exact: true }).click();
    await expect(streams).toHaveText('2.3M');
  });
  expect(requests).toEqual([]);

  await page.goto('/dashboard/brand');
  const reach = page.getByTestId('stat-value').first();
  await expect(reach).toHaveText('7.6M');
  await settled(page);
  const brandRequests = await requestsDuring(page, async () => {
    await page.getByText('7d', { exact: true }).click();
    await expect(reach).toHaveText('1.8M');
  });
  expect(brandRequests).toEqual([]);
});

test('artist map and charts render offline while switching periods', async ({ page, context }) => {
  await useMemoryAuth(context, { role: 'admin' });
  await page.goto('/dashboard/artist');
  await expectMapAndChart(page, 'fan-geography');
  await goOffline(context);
  await page.getByText('90d', { exact: true }).click();
  await expectMapAndChart(page, 'fan-geography');
  await expect(page.getByTestId('weekly-engagement').locator('.recharts-bar-rectangle')).toHaveCount(6);
  const marker = page.getByTestId('fan-geography').getByTestId('map-marker').first();
  await marker.focus();
  await expect(page.getByTestId('fan-geography').getByRole('status')).toBeVisible();
  expect(await page.locator('[data-glow="high"]').count()).toBeGreaterThan(0);
  expect(await page.locator('[data-glow="normal"]').count()).toBeGreaterThan(0);
});

test('brand map and charts render offline', async ({ page, context }) => {
  await useMemoryAuth(context, { role: 'brand' });
  await page.goto('/dashboard/brand');
  await expectMapAndChart(page, 'campaign-regions');
  await goOffline(context);
  await page.getByText('90d', { exact: true }).click();
  await expectMapAndChart(page, 'campaign-regions');
  await expect(page.getByTestId('campaign-momentum').locator('.recharts-bar-rectangle')).toHaveCount(9);
});

test('developer signs up, creates an app (secret shown once, client ID truncated), it reaches the server; another developer cannot see it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Crate Finder ${RUN}`;
  const owner = await browser.newContext();
  const page = await owner.newPage();
  await signUpDeveloper(page, developerEmail('dev-owner'));
  await page.getByRole('tab', { name: 'Applications' }).click();
  await expect(page.getByText('No applications yet', { exact: false })).toBeVisible();
  await expect(page.getByText('Preview with sample applications')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create New App' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Application' });
  await dialog.getByRole('button', { name: 'Create Application' }).click();
  await expect(dialog.getByText('Application name is required')).toBeVisible();
  await expect(dialog.getByText('Select at least one scope')).toBeVisible();
  await dialog.getByLabel('Application Name').fill(name);
  await dialog.getByLabel('Description').fill('Finds records you will love.');
  await dialog.getByLabel('Redirect URIs').fill('https://cratefinder.app/callback\nnot a url');
  await dialog.getByRole('checkbox', { name: 'preferences:read' }).check();
  await dialog.getByRole('button', { name: 'Create Application' }).click();
  await expect(dialog.getByText(/Not a valid URL: not a url/)).toBeVisible();
  await dialog.getByLabel('Redirect URIs').fill('https://cratefinder.app/callback');
  await dialog.getByRole('button', { name: 'Create Application' }).click();

  // The secret is shown once, in the creation dialog.
  const reveal = page.getByRole('dialog', { name: 'Application created' });
  const secret = (await reveal.getByTestId('new-client-secret').textContent()) ?? '';
  const clientId = (await reveal.getByTestId('new-client-id').textContent()) ?? '';
  // a uuid client id (Supabase Auth's OAuth client) and MediaID's own secret (Supabase's stays on the server)
  expect(secret).toMatch(/^mid_sk_[0-9a-f]{64}$/);
  expect(clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await reveal.getByRole('button', { name: 'I’ve saved it' }).click();

  const card = page.getByTestId('app-card').filter({ hasText: name });
  await expect(card.getByTestId('client-id')).toHaveText(`${clientId.slice(0, 20)}...`);
  await expect(page.getByText(secret)).toHaveCount(0);
  await card.getByRole('button', { name: `Manage ${name}` }).click();
  const manage = page.getByRole('dialog', { name: `Manage ${name}` });
  await expect(manage.getByTestId('masked-secret')).toHaveText(`••••••••••••${secret.slice(-4)}`);
  await expect(manage.getByText(secret)).toHaveCount(0);
  await manage.getByRole('switch').click();
  await page.keyboard.press('Escape');
  await expect(card.getByText('disabled')).toBeVisible();
  await card.getByRole('button', { name: `Analytics for ${name}` }).click();
  await expect(
    page.getByRole('dialog', { name: `${name} analytics` }).getByText('No API calls yet', { exact: false }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // On the server within ~15 s (service role, bypassing RLS): hashed secret, never the secret itself.
  let row: Record<string, unknown> | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `${BACKEND}/rest/v1/developer_apps?client_id=eq.${encodeURIComponent(clientId)}&select=*`,
          { headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` } },
        );
        row = ((await response.json()) as Record<string, unknown>[])[0];
        return row?.status ?? null;
      },
      { timeout: 15_000, intervals: [250, 500, 1000] },
    )
    .toBe('disabled');
  expect(row).toMatchObject({
    name,
    client_secret_hash: createHash('sha256').update(secret).digest('hex'),
    client_secret_last4: secret.slice(-4),
    redirect_uris: ['https://cratefinder.app/callback'],
    scopes: ['preferences:read'],
    _deleted: false,
  });
  expect(JSON.stringify(row)).not.toContain(secret);

  // Still there after a reload (local database), secret still masked.
  await page.reload();
  await page.getByRole('tab', { name: 'Applications' }).click();
  await expect(page.getByTestId('app-card').filter({ hasText: name })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // Another developer, in a fresh browser, does not see it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  // The rows the server answered the other developer's pulls of developer_apps with.
  const otherPulled: { client_id: string }[][] = [];
  otherPage.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('/rest/v1/rpc/sync_pull') || !response.ok()) return;
    const args = (response.request().postDataJSON() ?? {}) as { p_collection?: string };
    if (args.p_collection !== 'developer_apps') return;
    void response.json().then((body: { rows: { client_id: string }[] }) => otherPulled.push(body.rows));
  });
  await signUpDeveloper(otherPage, developerEmail('dev-other'));
  await otherPage.getByRole('tab', { name: 'Applications' }).click();
  await expect(otherPage.getByText('No applications yet', { exact: false })).toBeVisible();
  // A pull of developer_apps has been answered (after the app existed), without the app.
  await expect.poll(() => otherPulled.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(otherPulled.flat().map((row) => row.client_id)).not.toContain(clientId);
  await expect(otherPage.getByTestId('app-card')).toHaveCount(0);
  await owner.close();
  await other.close();
});

test("/test shows 'Component not found' for an unknown selection and previews known ones", async ({ page }) => {
  await page.goto('/test?component=nope');
  await expect(page.getByText('Component not found')).toBeVisible();
  await page.goto('/test?component=catalog&role=artist');
  await expect(page.getByText('Mock role: Artist')).toBeVisible();
  await expect(page.getByText('Component not found')).toHaveCount(0);
});

test("sample artists' payment buttons are disabled and say why, without loading anything from Stripe", async ({
  page,
}) => {
  // npm start's build has the local Stripe edge's key, so the reason is the sample one
  // (a hosted build without a key says "Payments aren't available right now": unit-tested)
  const stripe: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('stripe.com')) stripe.push(request.url());
  });
  await page.goto('/catalog');
  const join = page.getByRole('button', { name: /^Join / }).first();
  await expect(join).toBeDisabled();
  await expect(page.getByText('Sample artist: paying is for real artists.').first()).toBeAttached();
  expect(stripe).toEqual([]);
});

for (const [role, path] of [
  ['artist', '/dashboard/artist'],
  ['brand', '/dashboard/brand'],
  ['developer', '/dashboard/developer'],
] as const) {
  for (const width of [360, 1280]) {
    test(`screenshot: ${role} dashboard at ${width}px`, async ({ page, context }) => {
      await useMemoryAuth(context, { role });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      if (role !== 'developer') await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await page.screenshot({ path: `${SCREENSHOTS}/${role}-dashboard-${width}.png`, fullPage: true });
    });
  }
}

test('on a phone the fan dashboard fits the screen: no sideways scroll, every header control on it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await useMemoryAuth(context, { role: 'fan' });
  const page = await context.newPage();
  await page.goto('/dashboard/fan');
  await expect(page.locator('[aria-roledescription="slide"]')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Next drop: / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  const toggle = await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).boundingBox();
  expect(toggle).not.toBeNull();
  expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(412);
  await context.close();
});
