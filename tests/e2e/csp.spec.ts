/**
 * The app's Content-Security-Policy (scripts/csp.ts, issue 38): every page allows scripts only
 * from its origin, Stripe and its own hashed inline scripts — never 'unsafe-inline' — so a
 * `javascript:` URL cannot run on Bucket's origin, while every page still runs without a single
 * violation (public pages, the signed-in shell and the fan dashboard with live sync).
 */
import { expect, test, type Page } from '@playwright/test';

function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) violations.push(m.text());
  });
  return violations;
}

async function policyOf(page: Page): Promise<string> {
  return (
    (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content', { timeout: 5_000 })) ?? ''
  );
}

test('every page carries a script policy without unsafe-inline and runs with no violation', async ({ page }) => {
  const violations = watchViolations(page);
  for (const path of ['/', '/login', '/catalog', '/privacy']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    const policy = await policyOf(page);
    expect(policy).toMatch(/^script-src 'self' /);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("object-src 'none'");
  }
  // the signed-in shell (app.html) and the dashboard, with sync and live updates running
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo-fan@bucket.local');
  await page.getByLabel(/^Password/).fill('bucket-demo-fan');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome/, level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.goto('/dashboard/fan', { waitUntil: 'networkidle' });
  expect(await policyOf(page)).not.toContain('unsafe-inline');
  await expect(page.getByRole('heading', { name: 'Daily Locker' })).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});

test('a javascript: URL navigated to from Bucket does not run', async ({ page }) => {
  const violations = watchViolations(page);
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await page.goto('/catalog', { waitUntil: 'networkidle' });
  await page.evaluate(() => window.location.assign('javascript:alert(document.domain)'));
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(dialogs).toBe(0);
  await expect(page).toHaveURL(/\/catalog$/);
});
