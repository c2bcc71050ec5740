/**
 * The local database's storage runs in a Web Worker (src/data/storage-worker.ts): the page's RxDB
 * reaches IndexedDB through it, online and offline, and the page never loads Dexie's RxDB storage
 * itself. When the worker cannot start, the page opens the same storage itself: nothing hangs.
 */
import { expect, test, type Page } from '@playwright/test';
import { goOffline, rewardsRegion, signUpFan, syncBadge, waitForServiceWorker } from './helpers';

const PASSWORD = 'secret-pass-1';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const rewards = rewardsRegion;
const PAGE_STORAGE_CHUNK = /\/assets\/dexie-storage-[\w-]+\.js$/;
const WORKER_SCRIPT = /\/assets\/storage-worker-[\w-]+\.js$/;

/** Records whether the page requested Dexie's RxDB storage chunk (the in-page storage). */
function watchPageStorage(page: Page): { requested: () => boolean } {
  let requested = false;
  page.on('request', (request) => {
    if (PAGE_STORAGE_CHUNK.test(request.url())) requested = true;
  });
  return { requested: () => requested };
}

test('the database runs in a worker: rows arrive, a claim is stored, and both survive an offline reload', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const pageStorage = watchPageStorage(page);
  await signUpFan(page, `fan-worker-${run}@example.test`, PASSWORD, { sampleFan: true });
  await expect(rewards(page).getByText("Today's Reward Ready!")).toBeVisible({ timeout: 20_000 });
  await expect(syncBadge(page)).toHaveText(/^Sync: Live/, { timeout: 20_000 });
  await expect.poll(() => page.workers().some((worker) => WORKER_SCRIPT.test(worker.url()))).toBe(true);
  expect(pageStorage.requested()).toBe(false);

  await waitForServiceWorker(page);
  await goOffline(context);
  await page.reload();
  await expect(rewards(page).getByText("Today's Reward Ready!")).toBeVisible({ timeout: 20_000 });
  await rewards(page).getByRole('button', { name: 'Claim Now' }).click();
  await expect(page.getByText('Reward Claimed!')).toBeVisible({ timeout: 10_000 });

  // The claim was written through the worker into IndexedDB: a second offline reload shows it.
  await page.reload();
  await expect(rewards(page).getByRole('button', { name: /, today, .*claimed:/ })).toBeVisible({ timeout: 20_000 });
  await expect(rewards(page).getByText("Today's Reward Ready!")).toHaveCount(0);
  expect(pageStorage.requested()).toBe(false);
});

test('the sync badge explains itself on hover and on keyboard focus (its tooltip mounts then)', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpFan(page, `fan-badge-${run}@example.test`, PASSWORD, { sampleFan: true });
  const badge = syncBadge(page);
  await expect(badge).toHaveText(/^Sync: Live/, { timeout: 20_000 });
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveCount(0);
  await badge.hover();
  await expect(tooltip).toContainText('Live: changes from your other devices appear as they happen');
  await expect(tooltip).toContainText('Last synced');
  await page.mouse.move(0, 400);
  await expect(tooltip).toBeHidden();

  await page.reload();
  await expect(badge).toHaveText(/^Sync: Live/, { timeout: 20_000 });
  // From the keyboard: focus stays on the badge while its tooltip shows, and leaves with it.
  await page.keyboard.press('Tab');
  for (let step = 0; step < 15 && !(await badge.evaluate((node) => node === document.activeElement)); step += 1)
    await page.keyboard.press('Tab');
  await expect(badge).toBeFocused();
  await expect(tooltip).toContainText('Live: changes from your other devices appear as they happen');
  await page.keyboard.press('Tab');
  await expect(badge).not.toBeFocused();
  await expect(tooltip).toBeHidden();
});

test('when the storage worker cannot load, the page opens the database itself and syncs', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.route(WORKER_SCRIPT, (route) => route.abort('failed'));
  const pageStorage = watchPageStorage(page);
  await signUpFan(page, `fan-no-worker-${run}@example.test`, PASSWORD, { sampleFan: true });
  await expect(rewards(page).getByText("Today's Reward Ready!")).toBeVisible({ timeout: 20_000 });
  await expect(syncBadge(page)).toHaveText(/^Sync: Live/, { timeout: 20_000 });
  expect(pageStorage.requested()).toBe(true);
  await rewards(page).getByRole('button', { name: 'Claim Now' }).click();
  await expect(page.getByText('Reward Claimed!')).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(rewards(page).getByRole('button', { name: /, today, .*claimed:/ })).toBeVisible({ timeout: 20_000 });
});
