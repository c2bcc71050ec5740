/**
 * Accounts and identity end to end against the local backend: sign-up per portal, sign-in,
 * the §8 banner, password reset through the local inbox, onboarding, role switching, the guard, offline.
 */
import { expect, test, type Page } from '@playwright/test';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
const PASSWORD = 'secret-pass-1';
/** The local backend's well-known anon key (supabase/local/keys.ts). */
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${run}-${++counter}@example.test`;

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
}

async function pickInterests(scope: Page | ReturnType<Page['getByRole']>, count: number) {
  const names = [
    'Discovering new music',
    'Underground scenes',
    'Exclusive content',
    'Early releases',
    'Rising talent',
    'Production insights',
  ];
  for (const name of names.slice(0, count)) await scope.getByText(name, { exact: true }).click();
}

async function completeModal(page: Page, artistName?: string) {
  const dialog = page.getByRole('dialog', { name: 'Setup Your MediaID' });
  if (artistName) await dialog.getByLabel('Artist name').fill(artistName);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Selected: 0/5 interests')).toBeVisible();
  await expect(dialog.getByText('(Need at least 3)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please select at least 3 interests to personalize your experience.',
  );
  await pickInterests(dialog, 3);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Jazz', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('switch', { name: 'Data Sharing' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Location Access' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Complete Setup' }).click();
}

async function signUpFan(page: Page, email: string) {
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  await fillSignUp(page, email);
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  await completeModal(page);
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });
  await expect(page.getByText('MediaID setup completed for fan role!')).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Current role: .*Switch role/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign Out' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
}

async function signInOnLogin(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('fan signs up on /welcome, sets up the MediaID and lands on the fan dashboard', async ({ page }) => {
  await signUpFan(page, uniqueEmail('fan'));
});

test('artist signs up on the artist portal and lands on the artist dashboard', async ({ page }) => {
  await page.goto('/artist/login');
  await page.getByRole('button', { name: 'Create Artist Account' }).click();
  await fillSignUp(page, uniqueEmail('artist'));
  await page.getByRole('button', { name: 'Create Artist Account' }).click();
  await completeModal(page, 'Portal Artist');
  await expect(page).toHaveURL(/\/dashboard\/artist$/, { timeout: 20_000 });
});

test('sign out, sign in again → /auto-route → dashboard; a wrong password shows the server message', async ({
  page,
}) => {
  const email = uniqueEmail('returning');
  await signUpFan(page, email);
  await signOut(page);
  await signInOnLogin(page, email, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });
});

test('the email typed into sign-in carries over to the reset form', async ({ page }) => {
  const email = uniqueEmail('carry');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // Cleared, the address is refused with the form's message and nothing is sent.
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
});

test('password reset through the local inbox link signs the user in', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await signUpFan(page, email);
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(`We sent a password reset link to ${email}.`)).toBeVisible();
  type LocalMail = { to: string; type: string; link: string };
  const findMail = async () => {
    const inbox = (await (await request.get(`${BACKEND}/__local/inbox`)).json()) as LocalMail[];
    return [...inbox].reverse().find((message) => message.to === email && message.type === 'recovery');
  };
  // The local mailer may record the message a moment after the response: poll rather than read once.
  await expect.poll(findMail, { timeout: 10_000 }).toBeTruthy();
  const mail = (await findMail())!;
  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  await page.getByLabel(/^New Password/).fill('new-pass-2');
  await page.getByLabel('Confirm New Password').fill('new-pass-3');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm New Password').fill('new-pass-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });
  await signOut(page);
  await signInOnLogin(page, email, 'new-pass-2');
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });
});

test('a reset link without a token shows the invalid-link message and returns to /welcome', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid or expired reset link. Please request a new password reset.',
  );
  await expect(page).toHaveURL(/\/welcome$/, { timeout: 6000 });
});

test('onboarding: all four steps, then a role needing setup, and the guard', async ({ page }) => {
  test.setTimeout(150_000); // a sign-up, two onboardings and role switches on a shared 2-core machine
  // A sign-up whose modal is closed leaves the user without a MediaID: /auto-route sends them to onboarding.
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  await fillSignUp(page, uniqueEmail('onboard'));
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  await page.getByRole('dialog', { name: 'Setup Your MediaID' }).getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });

  await expect(page.getByRole('heading', { name: 'Welcome to Bucket!' })).toBeVisible();
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  const next = page.getByRole('button', { name: 'Continue' });
  await pickInterests(page, 2);
  await expect(next).toBeDisabled();
  await pickInterests(page, 6); // toggles the first two off again, then four more on
  await page.getByText('Discovering new music', { exact: true }).click();
  await page.getByText('Underground scenes', { exact: true }).click();
  await expect(page.getByText('Selected: 6/5 interests')).toBeVisible();
  await next.click();
  await expect(page.getByRole('switch', { name: 'Usage/Anonymous Analytics' })).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByText('Production insights', { exact: true }).click();
  await next.click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Developer Portal', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Enter Bucket' }).click();
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });

  // A fan may not open the artist dashboard.
  await page.goto('/dashboard/artist');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.goto('/dashboard/fan');

  // Switch to a role that needs setup → onboarding for that role → its dashboard.
  await page.getByRole('button', { name: /Current role: Fan/ }).click();
  await page.getByRole('menuitem', { name: /Brand/ }).click();
  await expect(page).toHaveURL(/\/onboarding\?role=brand$/);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  // a brand is asked brand questions, not a fan's interests
  await expect(page.getByRole('heading', { name: 'What brings your brand to Bucket?' })).toBeVisible();
  await expect(page.getByText('Discovering new music', { exact: true })).toHaveCount(0);
  for (const goal of ['Reaching engaged fans', 'Artist partnerships', 'Audience insights']) {
    await page.getByText(goal, { exact: true }).click();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('radio', { name: 'Brand Dashboard' })).toBeChecked();
  await page.getByRole('button', { name: 'Enter Bucket' }).click();
  await expect(page).toHaveURL(/\/dashboard\/brand$/, { timeout: 20_000 });

  // Both roles are now available: switch back to fan through the full panel.
  await page.getByRole('button', { name: /Current role: Brand/ }).click();
  await page.getByRole('menuitem', { name: 'Manage roles' }).click();
  const panel = page.getByRole('dialog', { name: 'Role switcher' });
  await expect(panel.getByRole('heading', { name: 'Your Roles' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Current Role: Brand' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Set Up Role: Artist' })).toBeVisible();
  await panel.getByRole('button', { name: 'Switch to Role: Fan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/fan$/);

  // Set-up is done: /onboarding is not walked through again.
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/dashboard\/fan$/, { timeout: 20_000 });
});

test('a signed-in user reloading the dashboard offline stays on it', async ({ page, context }) => {
  await signUpFan(page, uniqueEmail('offline'));
  // The backend is unreachable; the page itself is cut off too when a service worker can serve it (npm start).
  await context.route(`${BACKEND}/**`, (route) => route.abort('internetdisconnected'));
  const serviceWorker = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  if (serviceWorker) await context.setOffline(true);
  // Even an expired access token keeps the user in: it is refreshed once the backend answers again.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('bucket-auth') ?? '{}') as { expires_at?: number };
    stored.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem('bucket-auth', JSON.stringify(stored));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/fan$/);
  await expect(page.getByRole('button', { name: /Current role: Fan/ })).toBeVisible({ timeout: 20_000 });
  await context.setOffline(false);
  await context.unroute(`${BACKEND}/**`);
});

test('onboarding works with the backend unreachable and the MediaID syncs once it is back', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  await fillSignUp(page, uniqueEmail('local-first'));
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  await page.getByRole('dialog', { name: 'Setup Your MediaID' }).getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });

  await context.route(`${BACKEND}/**`, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await pickInterests(page, 3);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'Artist Dashboard' }).check();
  // an artist names themselves here, as in the setup dialog: required
  await page.getByRole('button', { name: 'Enter Bucket' }).click();
  await expect(page.getByText('Enter your artist name')).toBeVisible();
  await page.getByLabel('Artist name').fill('Offline Onboarder');
  await page.getByRole('button', { name: 'Enter Bucket' }).click();
  await expect(page).toHaveURL(/\/dashboard\/artist$/, { timeout: 20_000 });

  await context.unroute(`${BACKEND}/**`);
  const { access_token: token, user } = await page.evaluate(
    () => JSON.parse(localStorage.getItem('bucket-auth') ?? '{}') as { access_token: string; user: { id: string } },
  );
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}` };
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        const response = await request.get(
          `${BACKEND}/rest/v1/media_ids?select=role,interests&user_uuid=eq.${user.id}`,
          { headers },
        );
        return response.ok() ? ((await response.json()) as { role: string; interests: string[] }[]) : [];
      },
      { timeout: 45_000, intervals: [1000, 2000, 3000] },
    )
    .toEqual([{ role: 'artist', interests: ['Discovering new music', 'Underground scenes', 'Exclusive content'] }]);
});

test('social buttons report a provider the backend has not enabled', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Google' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to sign in with Google');
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Create Fan Account' }).click();
  await page.getByRole('button', { name: 'Facebook' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to sign up with Facebook');
  await page.getByRole('radio', { name: 'Developer' }).check();
  await expect(page.getByRole('button', { name: 'Create Developer Account' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Admin' })).toHaveCount(0);
});
