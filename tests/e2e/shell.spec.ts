import { expect, test } from '@playwright/test';
import { useMemoryAuth } from './helpers';

// Every public route of the route table opens with its own title and visible content.
const PUBLIC_ROUTES: Array<{ path: string; title: string }> = [
  { path: '/', title: 'Bucket & MediaID' },
  { path: '/test', title: 'Test Dashboard · Bucket' },
  { path: '/welcome', title: 'Welcome · Bucket' },
  { path: '/login', title: 'Sign In · Bucket' },
  { path: '/reset-password', title: 'Set New Password · Bucket' },
  { path: '/artist/login', title: 'Artist Portal · Bucket' },
  { path: '/brand/login', title: 'Brand Portal · Bucket' },
  { path: '/developer/login', title: 'Developer Portal · Bucket' },
  { path: '/catalog', title: 'Catalog · Bucket' },
  { path: '/bucket-demo', title: 'Bucket Demo · Bucket' },
  { path: '/locker-demo', title: 'Locker Demo · Bucket' },
  { path: '/BTI', title: 'BTI Artist · Bucket' },
  { path: '/unauthorized', title: 'Access Denied · Bucket' },
  { path: '/terms', title: 'Terms of Service · Bucket' },
  { path: '/privacy', title: 'Privacy Policy · Bucket' },
];

test.describe('routes', () => {
  for (const { path, title } of PUBLIC_ROUTES) {
    test(`${path} renders`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('main')).not.toBeEmpty();
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByText('Oops! Something Went Wrong.')).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  test('landing page offers the four portals and the public links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Bucket & MediaID' })).toBeVisible();
    const links: Array<[string, string]> = [
      ['Open Fan Login', '/welcome'],
      ['Open Artist Portal', '/artist/login'],
      ['Open Brand Portal', '/brand/login'],
      ['Open Developer Portal', '/developer/login'],
      ['Explore Artists', '/catalog'],
      ['General Login', '/welcome'],
      ['Bucket Demo', '/bucket-demo'],
      ['Locker Demo', '/locker-demo'],
      ['BTI Artist', '/BTI'],
      ['Test Dashboard', '/test'],
    ];
    for (const [name, href] of links) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await page.getByRole('link', { name: 'Explore Artists' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
  });

  test('/unauthorized says Access Denied and links home', async ({ page }) => {
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('unknown URLs and unknown dashboard roles are not found', async ({ page }) => {
    for (const path of ['/no-such-page', '/dashboard/admin', '/dashboard/manager', '/artist/unknown']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    }
  });
});

test.describe('route guard', () => {
  test('a signed-out visitor is sent to /welcome', async ({ page, context }) => {
    await useMemoryAuth(context, 'signed-out');
    for (const path of ['/dashboard/fan', '/dashboard/developer', '/onboarding']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/welcome$/);
    }
  });

  test('a user without onboarding is sent to /onboarding, which opens for them', async ({ page, context }) => {
    await useMemoryAuth(context, { role: 'fan', onboarded: false });
    await page.goto('/dashboard/fan');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page).toHaveTitle('Onboarding · Bucket');
  });

  test('on a 360 px phone the onboarding steps stay on one line with the current step named', async ({
    page,
    context,
  }) => {
    await useMemoryAuth(context, { role: 'fan', onboarded: false });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/onboarding');
    await expect(page.getByText('Step 1 of 4 · Welcome')).toBeVisible();
    const steps = page.locator('.mantine-Stepper-step');
    await expect(steps).toHaveCount(4);
    const tops = await steps.evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // Screen readers still get every step's name.
    await expect(steps.nth(3)).toContainText('Experience');
    await page.getByRole('button', { name: "Let's Get Started" }).click();
    await expect(page.getByText('Step 2 of 4 · Interests')).toBeVisible();
    // On a wide screen the labels are shown and the phone line is not.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByText('Step 2 of 4 · Interests')).toBeHidden();
    await expect(steps.nth(1).getByText('Interests')).toBeVisible();
  });

  test('a user of the wrong role is sent to /unauthorized; their own dashboard opens', async ({ page, context }) => {
    await useMemoryAuth(context, { role: 'fan' });
    await page.goto('/dashboard/artist');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await page.goto('/dashboard/fan');
    await expect(page).toHaveURL(/\/dashboard\/fan$/);
    await expect(page).toHaveTitle('Fan Dashboard · Bucket');
  });

  test('admin may open every dashboard', async ({ page, context }) => {
    await useMemoryAuth(context, { role: 'admin' });
    for (const role of ['fan', 'artist', 'brand', 'developer']) {
      await page.goto(`/dashboard/${role}`);
      await expect(page).toHaveURL(new RegExp(`/dashboard/${role}$`));
    }
  });
});

test.describe('error screen', () => {
  const cases: Array<{ kind: string; status?: string; message: string }> = [
    { kind: 'routing', status: '410 Gone', message: 'This drop was taken down by the artist.' },
    { kind: 'routing-plain', status: '503 Service Unavailable', message: 'A routing error occurred.' },
    { kind: 'error', message: 'Something broke while rendering the test page.' },
    { kind: 'render', message: 'Something broke while rendering the test page.' },
    { kind: 'string', message: 'The locker could not be opened.' },
    { kind: 'unknown', message: 'An unknown error occurred.' },
  ];
  for (const { kind, status, message } of cases) {
    test(`${kind} error`, async ({ page }) => {
      await page.goto(`/test/error?kind=${kind}`);
      await expect(page.getByRole('heading', { name: 'Oops! Something Went Wrong.' })).toBeVisible();
      await expect(page.getByTestId('error-message')).toHaveText(message);
      if (status) await expect(page.getByTestId('error-status')).toHaveText(status);
      else await expect(page.getByTestId('error-status')).toHaveCount(0);
      await expect(page.getByText('The error details have been logged to the developer console.')).toBeVisible();
    });
  }

  test("'Go to Homepage' replaces the location with /", async ({ page }) => {
    await page.goto('/unauthorized');
    await page.goto('/test/error?kind=error');
    await page.getByRole('button', { name: 'Go to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    // The error page was replaced, so going back skips it.
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});
