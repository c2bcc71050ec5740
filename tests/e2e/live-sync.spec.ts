/**
 * Live sync end to end: one fan signed in on two browsers (two contexts = two devices).
 * Both headers say 'Live'; claiming today's reward on A shows on B without a reload or a focus
 * (polling runs every 5 min while live, so only the realtime channel can bring it in time).
 * A second tab on B shows the same truth but opens no socket: only the leader tab holds it.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { rewardsRegion, signUpFan, syncBadge } from './helpers';

const PASSWORD = 'secret-pass-1';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const rewards = rewardsRegion;

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });
}

/** Counts the realtime sockets a page opens. */
function countSockets(page: Page): { count: () => number } {
  let sockets = 0;
  page.on('websocket', (ws) => {
    if (ws.url().includes('/realtime/v1/websocket')) sockets += 1;
  });
  return { count: () => sockets };
}

test('a claim on one device shows on the other without reload or focus; one socket per device', async ({ browser }) => {
  test.setTimeout(180_000);
  const email = `fan-live-${run}@example.test`;
  const contexts: BrowserContext[] = [await browser.newContext(), await browser.newContext()];
  try {
    const [contextA, contextB] = contexts as [BrowserContext, BrowserContext];
    const a = await contextA.newPage();
    await signUpFan(a, email, PASSWORD, { sampleFan: true });
    const b = await contextB.newPage();
    const bSockets = countSockets(b);
    await signIn(b, email);

    for (const page of [a, b]) {
      await expect(rewards(page).getByText("Today's Reward Ready!")).toBeVisible({ timeout: 20_000 });
      await expect(syncBadge(page)).toHaveText(/^Sync: Live/, { timeout: 20_000 });
    }
    expect(bSockets.count()).toBe(1);

    await rewards(a).getByRole('button', { name: 'Claim Now' }).click();
    await expect(a.getByText('Reward Claimed!')).toBeVisible({ timeout: 10_000 });
    // B: no reload, no focus, no interaction — the banner goes and today's cell turns claimed.
    await expect(rewards(b).getByText("Today's Reward Ready!")).toHaveCount(0, { timeout: 10_000 });
    await expect(rewards(b).getByRole('button', { name: /, today, .*claimed:/ })).toBeVisible();

    // A second tab of device B: it follows the leader tab (same local database) and says Live too,
    // but holds no socket of its own.
    const b2 = await contextB.newPage();
    const b2Sockets = countSockets(b2);
    await b2.goto('/dashboard/fan');
    await expect(syncBadge(b2)).toHaveText(/^Sync: Live/, { timeout: 20_000 });
    await expect(rewards(b2).getByText("Today's Reward Ready!")).toHaveCount(0);
    expect(b2Sockets.count()).toBe(0);
    expect(bSockets.count()).toBe(1);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
