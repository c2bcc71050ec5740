/**
 * Prerendered public pages (scripts/prerender-plugin.ts): their HTML already holds the page, the
 * app hydrates it without a mismatch, other routes get the bare shell (no other page's markup),
 * and nothing a visitor types is lost or leaked: the forms are inert until hydrated (no field to
 * type into, no native submit with the password in the URL), then take everything typed.
 */
import { expect, test, type Page } from '@playwright/test';

const PRERENDERED: [path: string, heading: string][] = [
  ['/', 'Bucket & MediaID'],
  ['/welcome', 'Your home for exclusive underground content'],
  ['/login', 'Welcome to Bucket'],
  ['/catalog', 'Underground Catalog'],
  ['/artist/login', 'Artist Portal'],
  ['/brand/login', 'Brand Portal'],
  ['/developer/login', 'Developer Portal'],
  ['/privacy', 'Privacy Policy'],
];

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('public pages are served as rendered HTML', async ({ request }) => {
  for (const [path, heading] of PRERENDERED) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
    expect(html, path).toContain(heading.replace('&', '&amp;'));
  }
  // Any other route gets the bare shell, never another page's markup.
  for (const path of ['/dashboard/fan', '/onboarding', '/no-such-page']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toContain('data-prerendered="');
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the landing page and the catalog are readable', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bucket & MediaID' })).toBeVisible();
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { name: 'Underground Catalog' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sample artists' })).toBeVisible();
  });
});

test('each prerendered page hydrates without a mismatch and becomes interactive', async ({ page }) => {
  const errors = collectErrors(page);
  for (const [path, heading] of PRERENDERED) {
    await page.goto(path);
    await expect(page.locator('html[data-hydrated]'), path).toHaveCount(1);
    await expect(page.getByRole('heading', { name: heading }).first(), path).toBeVisible();
  }
  // React reports a hydration mismatch as error #418/#423/#425 (minified) on the console.
  expect(errors.filter((error) => /Minified React error|[Hh]ydrat/.test(error))).toEqual([]);
  // Interactive after hydration: the catalog's search filters the prerendered grid.
  await page.goto('/catalog');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByPlaceholder('Search artists, genres, or vibes...').fill('zzzz-no-such-artist');
  await expect(page.getByText('No artists found')).toBeVisible();
});

test('a prerendered page loads its scripts as Vite wrote them, then hydrates', async ({ page, request }) => {
  // No loading step of our own: the entry script and its modulepreloads are in <head>, fetched
  // beside the HTML, not injected after the first paint.
  const html = await (await request.get('/welcome')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);
  expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/);
  expect(html).not.toContain('<template');
  await page.goto('/welcome');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
});

test("Mantine's ids stay the ones the page was rendered with", async ({ page, request }) => {
  // Mantine's own useId swaps its id for a random one right after mounting, re-rendering every
  // component using it; patches/@mantine+hooks+9.7.3.patch keeps the first one.
  const html = await (await request.get('/login')).text();
  const rendered = /<input[^>]* id="(mantine-[^"]+)"/.exec(html)?.[1];
  expect(rendered).toBeTruthy();
  await page.goto('/login');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.locator(`input[id="${rendered}"]`)).toHaveCount(1);
  await expect(page.locator(`label[for="${rendered}"]`)).toHaveCount(1);
});

/** Whether the element is in an inert subtree: it takes no focus, no typing and no clicks. */
const inert = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.closest('[inert]') !== null);

/** The request bodies of password sign-ins (supabase-js' token grant). */
function collectSignIns(page: Page): string[] {
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/token')) signIns.push(request.postData() ?? '');
  });
  return signIns;
}

/** Holds the framework chunk until `release()`: the visitor faces the prerendered page before the app starts. */
async function holdFramework(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/framework-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the sign-in form is inert until hydrated, then sends what is typed, never in the URL', async ({ page }) => {
  const release = await holdFramework(page);
  const signIns = collectSignIns(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('input[type=email]')).toBeVisible();
  expect(await inert(page, 'input[type=email]')).toBe(true);
  expect(await inert(page, 'button[type=submit]')).toBe(true);
  // Nothing can be typed yet: the field does not take the focus.
  await page.locator('input[type=email]').evaluate((field: HTMLInputElement) => field.focus());
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');

  release();
  await expect.poll(() => inert(page, 'input[type=email]')).toBe(false);
  await page.locator('input[type=email]').pressSequentially('early@example.test');
  await page.locator('input[type=password]').pressSequentially('typed-after-hydration');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // One sign-in attempt with the typed values (an unknown account: the form then shows the refusal).
  await expect.poll(() => signIns.length).toBe(1);
  expect(JSON.parse(signIns[0]!)).toMatchObject({ email: 'early@example.test', password: 'typed-after-hydration' });
  expect(page.url()).not.toContain('typed-after-hydration');
  expect(new URL(page.url()).search).toBe('');
});

test('on a phone with a 6× slower CPU, everything typed into the sign-in form from the moment it shows is kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const signIns = collectSignIns(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.locator('input[type=email]');
  const password = page.locator('input[type=password]');
  await email.waitFor({ state: 'visible' });
  // The visitor goes for the field the moment it shows, before the app has hydrated it.
  expect(await inert(page, 'input[type=email]')).toBe(true);
  // A tap reaches the field once it is live (Playwright's click waits until the field takes events),
  // and every key typed from then on lands in the form's state.
  await email.click();
  await page.keyboard.type('slow-phone@example.test');
  await password.click();
  await page.keyboard.type('typed-on-a-slow-phone');
  await expect(email).toHaveValue('slow-phone@example.test');
  await expect(password).toHaveValue('typed-on-a-slow-phone');
  await page.keyboard.press('Enter');
  await expect.poll(() => signIns.length, { timeout: 30_000 }).toBe(1);
  expect(JSON.parse(signIns[0]!)).toMatchObject({
    email: 'slow-phone@example.test',
    password: 'typed-on-a-slow-phone',
  });
  expect(page.url()).not.toContain('typed-on-a-slow-phone');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('the developer portal: its switch and form are inert until hydrated, then the switch opens sign-up and the MediaID setup follows', async ({
  page,
}) => {
  const release = await holdFramework(page);
  const email = `early-dev-${Date.now().toString(36)}@example.test`;
  await page.goto('/developer/login', { waitUntil: 'commit' });
  await expect(page.getByText('Create Account', { exact: true })).toBeVisible();
  expect(await inert(page, '[aria-label="Sign in or create account"]')).toBe(true);
  expect(await inert(page, 'input[type=email]')).toBe(true);

  release();
  await expect.poll(() => inert(page, '[aria-label="Sign in or create account"]')).toBe(false);
  await page.getByText('Create Account', { exact: true }).click();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('secret-pass-1');
  await page.getByLabel('Confirm Password').fill('secret-pass-1');
  const terms = page.getByRole('checkbox', { name: /I agree to the/ });
  if (await terms.count()) await terms.check();
  await page.getByRole('button', { name: 'Create Developer Account' }).click();
  await expect(page.getByText('Email is required')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Setup Your MediaID' })).toBeVisible({ timeout: 20_000 });
});

test("the theme's CSS variables are in the page once, prerendered or rendered on the client", async ({ page }) => {
  // Prerendered pages carry them in <head> from the build (the app does not render them again);
  // the bare shell gets them from MantineProvider. Either way the theme's own values apply.
  for (const path of ['/catalog', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('html[data-hydrated]'), path).toHaveCount(1);
    await expect(page.locator('style[data-mantine-styles="true"]'), path).toHaveCount(1);
    const dimmed = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-dimmed').trim(),
    );
    // theme.ts lifts 'dimmed' to dark[1] (Mantine's default is below AA contrast).
    expect(dimmed, path).toBe('#b8b8b8');
  }
});

test('the page frame keeps the fixed 56 px header over the main area', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/catalog');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const header = page.locator('header');
  await expect(header).toHaveCSS('position', 'fixed');
  expect(await header.boundingBox()).toMatchObject({ x: 0, y: 0, width: 412, height: 56 });
  await expect(page.locator('main')).toHaveCSS('padding-top', '56px');
  // Scrolled, the header stays on top of the content.
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect((await header.boundingBox())?.y).toBe(0);
  const onTop = await page.evaluate(() => document.elementFromPoint(200, 20)?.closest('header') !== null);
  expect(onTop).toBe(true);
});
