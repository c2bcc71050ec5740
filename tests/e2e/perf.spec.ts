/**
 * What the first-paint work could break: every route still reloads offline (its
 * preloaded and lazily loaded chunks come from the precache), the auth screens that now load on a
 * click open offline too, the catalog's progressively rendered pages still hold every artist for
 * search, keyboard and screen readers, and the changed pages pass axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { goOffline, goOnline, waitForServiceWorker } from './helpers';

/** Every file route of src/routes as a URL (`dashboard.$role` → /dashboard/fan, `test_.error` → /test/error). */
const ROUTES = readdirSync('src/routes')
  .filter((file) => file.endsWith('.tsx') && file !== '__root.tsx')
  .map((file) => file.replace(/\.tsx$/, ''))
  .map((name) =>
    name === 'index'
      ? '/'
      : `/${name
          .split('.')
          .map((segment) => (segment.startsWith('$') ? 'fan' : segment.replace(/_$/, '')))
          .join('/')}`,
  );

/** Same-origin script/style requests that failed (a preloaded chunk the precache did not hold). */
function trackFailedAssets(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    // ERR_ABORTED: the next navigation cancelled a request still in flight (not a missing chunk).
    if (url.pathname.startsWith('/assets/') && request.failure()?.errorText !== 'net::ERR_ABORTED') {
      failed.push(`${url.pathname} ${request.failure()?.errorText ?? ''}`);
    }
  });
  return failed;
}

async function expectNoSevereAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(severe).toEqual([]);
}

test('every route reloads offline with all its chunks from the precache', async ({ page, context }) => {
  test.setTimeout(120_000);
  expect(ROUTES.length).toBeGreaterThanOrEqual(19);
  await page.goto('/');
  await waitForServiceWorker(page);
  await goOffline(context);
  const failed = trackFailedAssets(page);
  for (const path of ROUTES) {
    await page.goto(path);
    await page.reload();
    await expect(page.getByRole('heading').first(), path).toBeVisible();
    // /test/error shows the error screen on purpose (the error boundary's test page).
    if (path !== '/test/error') await expect(page.getByText('Something went wrong'), path).toHaveCount(0);
  }
  expect(failed).toEqual([]);
  await goOnline(context);
});

test('the sign-up and sign-in forms that load on a click open offline', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await goOffline(context);
  const failed = trackFailedAssets(page);

  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Bucket' })).toBeVisible();

  await page.goto('/artist/login');
  await page.getByRole('button', { name: 'Create Artist Account' }).click();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();

  await page.goto('/developer/login');
  await expect(page.getByRole('heading', { name: 'Welcome to Bucket' })).toBeVisible();
  expect(failed).toEqual([]);
  await goOnline(context);
});

test.describe('catalog pages hold every artist', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/catalog');
    await expect(page.getByTestId('catalog-count')).toHaveText('1,000 artists');
  });

  test('a full page of 24 artists is in the accessibility tree, and the last page ends the roster', async ({ page }) => {
    const articles = page.getByRole('article');
    await expect(articles).toHaveCount(24);
    // The last card of the page (rendered after the first paint) has its name and its facts.
    const last = articles.last();
    await expect(last).toHaveAccessibleName(/\S/);
    await expect(last.getByRole('button', { name: /^Join / })).toBeAttached();

    // 1,000 artists at 24 a page: page 42 holds the last 16.
    await page.getByRole('button', { name: 'Page 42' }).click();
    await expect(articles).toHaveCount(16);
    await page.getByText('List', { exact: true }).click();
    await expect(articles).toHaveCount(16);
  });

  test('search finds an artist from the end of the roster, in grid and list', async ({ page }) => {
    // Artist #999 of the generated roster (src/features/catalog/catalog-artists.ts).
    await page.getByPlaceholder('Search artists, genres, or vibes...').fill('Neon Motel 7');
    await expect(page.getByRole('article', { name: 'Neon Motel 7' })).toBeVisible();
    await page.getByText('List', { exact: true }).click();
    await expect(page.getByRole('article', { name: 'Neon Motel 7' })).toBeVisible();
  });

  test('the keyboard reaches the pagination past every card and moves to the next page', async ({ page }) => {
    await page.getByPlaceholder('Search artists, genres, or vibes...').focus();
    // Tab through the page until a pagination control takes focus (cards' controls come first).
    let label = '';
    for (let step = 0; step < 200 && !/^Page \d+$|next page$/.test(label); step += 1) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(label).toMatch(/^Page \d+$|next page$/);
    await page.keyboard.press('Shift+Tab');
    // From the first pagination control, 'next page' is reached and pressed with the keyboard.
    await page.getByRole('button', { name: 'next page' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('article')).toHaveCount(24);
  });
});

test.describe('axe on the pages issue 14 changed', () => {
  test('/login and /artist/login', async ({ page }) => {
    for (const path of ['/login', '/artist/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectNoSevereAxeViolations(page);
    }
  });

  test('/welcome with the sign-up form open', async ({ page }) => {
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'Create Fan Account' }).click();
    await expect(page.getByLabel('Confirm Password')).toBeVisible();
    await expectNoSevereAxeViolations(page);
  });

  test('/catalog in list view', async ({ page }) => {
    await page.goto('/catalog');
    await page.getByText('List', { exact: true }).click();
    await expect(page.getByRole('article')).toHaveCount(24);
    await expectNoSevereAxeViolations(page);
  });
});
