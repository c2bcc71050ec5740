import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goOffline, goOnline, waitForServiceWorker } from './helpers';

test.describe('installable offline PWA', () => {
  test('every route opens offline after the first online visit', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await goOffline(context);
    await expect(page.getByTestId('network-status')).toHaveText('Offline');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Bucket & MediaID' })).toBeVisible();
    const routes: Array<[string, string]> = [
      ['/catalog', 'Catalog · Bucket'],
      ['/welcome', 'Welcome · Bucket'],
      ['/login', 'Sign In · Bucket'],
      ['/bucket-demo', 'Bucket Demo · Bucket'],
      ['/locker-demo', 'Locker Demo · Bucket'],
      ['/BTI', 'BTI Artist · Bucket'],
      ['/test', 'Test Dashboard · Bucket'],
      ['/developer/login', 'Developer Portal · Bucket'],
      ['/terms', 'Terms of Service · Bucket'],
      ['/unauthorized', 'Access Denied · Bucket'],
    ];
    for (const [path, title] of routes) {
      // Full navigations: the service worker answers them from its precache.
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading').first()).toBeVisible();
    }
    // In-app navigation loads lazily split chunks, also from the precache.
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Artists' }).click();
    await expect(page).toHaveTitle('Catalog · Bucket');
    await goOnline(context);
  });

  test('the web manifest describes an installable app', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({ name: 'Bucket', short_name: 'Bucket', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toBeTruthy();
    expect(manifest.background_color).toBeTruthy();
    const icons = manifest.icons as Array<{ sizes: string; purpose?: string }>;
    expect(icons.some((icon) => icon.sizes === '192x192' && icon.purpose === 'any')).toBe(true);
    expect(icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'any')).toBe(true);
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  test('Chromium reports no installability errors', async ({ browserName: _ }, testInfo) => {
    // Installability needs a real profile: Playwright's default contexts count as incognito.
    const profile = mkdtempSync(join(tmpdir(), 'bucket-install-'));
    const { launchOptions, baseURL } = testInfo.project.use;
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('backend paths are never answered with the app shell offline', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await goOffline(context);
    // An app route is served from the precache...
    await page.goto('/catalog');
    await expect(page).toHaveTitle('Catalog · Bucket');
    // ...but a backend path is left to the network (and fails offline) instead of getting index.html.
    for (const path of [
      '/auth/v1/settings',
      '/rest/v1/profiles',
      '/storage/v1/object/list/content',
      '/realtime/v1/websocket',
    ]) {
      const failed = await page.goto(path).then(
        () => false,
        () => true,
      );
      expect(failed, `${path} must not be answered by the service worker`).toBe(true);
    }
    await goOnline(context);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/welcome', '/catalog', '/unauthorized']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const severe = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
        );
      expect(severe).toEqual([]);
    });
  }
});
