/**
 * The fan experience end to end against the local backend: a new fan signs up, gets the
 * spec's sample locker and reward calendar seeded (sign-up itself creates none, issue 31); with no connection (page
 * AND service worker cut off) they reload, browse the locker, react to a drop and claim today's
 * reward; once the connection returns the reaction and the claim reach the server.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { goOffline, goOnline, rewardsRegion, seedSampleFan, signUpFan, waitForServiceWorker } from './helpers';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const PASSWORD = 'secret-pass-1';
/** The local backend's well-known service-role key (supabase/local/keys.ts): reads the server's truth. */
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function serverRows(
  request: APIRequestContext,
  table: string,
  query: string,
): Promise<Record<string, unknown>[]> {
  const response = await request.get(`${BACKEND}/rest/v1/${table}?${query}`, {
    headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, unknown>[];
}

const locker = (page: Page) => page.getByRole('region', { name: /^Daily Locker, use the left and right arrow keys/ });
const rewards = rewardsRegion;

test('a new fan uses the locker and claims a reward offline; both reach the server after reconnect', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await signUpFan(page, `fan-locker-${run}@example.test`, PASSWORD);
  const userId = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('bucket-auth') ?? '{}') as { user?: { id?: string } };
    return stored.user?.id ?? '';
  });
  expect(userId).not.toBe('');
  await seedSampleFan(userId);
  await page.reload();

  // The seeded sample arrives through sync (not the UI's sample arrays).
  await expect(locker(page).getByRole('heading', { name: 'Static Bloom (Unreleased Stem Pack)' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('locker-position')).toHaveText('1 of 6');
  await expect(rewards(page).getByText("Today's Reward Ready!")).toBeVisible();
  await expect(rewards(page).getByText(/^Day 6:/)).toBeVisible();

  // The installed app: a service worker serves the shell, IndexedDB holds the data.
  await waitForServiceWorker(page);
  await expect(locker(page).getByRole('heading', { name: 'Static Bloom (Unreleased Stem Pack)' })).toBeVisible({
    timeout: 20_000,
  });

  // Keep the unlocked music drop for offline listening while online.
  await locker(page).getByRole('button', { name: 'Keep for offline listening' }).click();
  await expect(locker(page).getByText(/^Kept offline · \d+ KB$/)).toBeVisible();
  await expect(page.getByTestId('offline-media-kept')).toHaveText(/^1 track kept offline · \d+ KB$/);

  await goOffline(context);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/fan$/);
  await expect(locker(page).getByRole('heading', { name: 'Static Bloom (Unreleased Stem Pack)' })).toBeVisible({
    timeout: 20_000,
  });

  // The kept track plays from its stored Blob with no network: its Play button opens the player.
  await expect(locker(page).getByText(/^Kept offline · \d+ KB$/)).toBeVisible();
  await expect(locker(page).locator('audio')).toHaveCount(0);
  await locker(page).getByRole('button', { name: 'Play Static Bloom (Unreleased Stem Pack)' }).click();
  await expect(locker(page).locator('audio')).toHaveAttribute('src', /^blob:/);
  await expect(locker(page).locator('audio')).toBeFocused();
  await expect
    .poll(
      () =>
        locker(page)
          .locator('audio')
          .evaluate((audio: HTMLAudioElement) => audio.duration),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(5);

  // Browse: next wraps through the drops, previous comes back.
  await page.getByRole('button', { name: 'Next drop', exact: true }).click();
  await expect(page.getByTestId('locker-position')).toHaveText('2 of 6');
  await expect(locker(page).getByRole('heading', { name: 'Cathedral Fog — Studio Session' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous drop', exact: true }).click();
  await page.getByRole('button', { name: 'Previous drop', exact: true }).click();
  await expect(page.getByTestId('locker-position')).toHaveText('6 of 6');
  await page.getByRole('button', { name: 'Next drop', exact: true }).click();
  await expect(page.getByTestId('locker-position')).toHaveText('1 of 6');

  // React with a heart: the count includes the fan's own reaction at once.
  const heart = locker(page).getByRole('button', { name: /^Heart \(/ });
  await expect(heart).toHaveAccessibleName('Heart (1284)');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAccessibleName('Heart (1285)');

  // Claim today's reward (day 6): spinner, then the celebration.
  await rewards(page).getByRole('button', { name: 'Claim Now' }).click();
  await expect(page.getByText('Reward Claimed!')).toBeVisible({ timeout: 10_000 });
  await expect(rewards(page).getByText("Today's Reward Ready!")).toHaveCount(0);

  // Nothing reached the server while offline.
  const dropId = `${userId}|drop-static-bloom`;
  expect(await serverRows(request, 'reward_claims', `fan_id=eq.${userId}&day=eq.6&select=day`)).toHaveLength(0);

  await goOnline(context);
  // Product target: ~15 s. Failed pushes wait in the engine's retry gate, which `online` opens.
  const SYNC_AFTER_RECONNECT_MS = 15_000;
  await expect
    .poll(async () => (await serverRows(request, 'reward_claims', `fan_id=eq.${userId}&day=eq.6&select=day`)).length, {
      timeout: SYNC_AFTER_RECONNECT_MS,
    })
    .toBe(1);
  await expect
    .poll(
      async () =>
        (
          await serverRows(
            request,
            'locker_interactions',
            `fan_id=eq.${userId}&item_id=eq.${encodeURIComponent(dropId)}&select=reaction`,
          )
        )[0]?.reaction,
      { timeout: SYNC_AFTER_RECONNECT_MS },
    )
    .toBe('heart');
  // The claim stays claimed after sync (the server accepted it); the offline copy can be removed.
  await expect(rewards(page).getByText("Today's Reward Ready!")).toHaveCount(0);
  await locker(page).getByRole('button', { name: 'Remove offline copy' }).click();
  await expect(page.getByTestId('offline-media-kept')).toHaveText('No tracks kept offline');
});
