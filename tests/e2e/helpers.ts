import type { BrowserContext, Page } from '@playwright/test';

/** Seeds the app's in-memory auth state (the e2e harness's `window.__BUCKET_TEST_AUTH__`). */
export async function useMemoryAuth(
  context: BrowserContext,
  state: { role: 'fan' | 'artist' | 'brand' | 'developer' | 'admin'; onboarded?: boolean } | 'signed-out',
) {
  const value =
    state === 'signed-out'
      ? { user: null }
      : {
          user: {
            id: '00000000-0000-4000-8000-000000000001',
            email: `${state.role}@example.com`,
            user_metadata: { role: state.role },
          },
          profile: {
            selectedRole: state.role,
            availableRoles: [state.role],
            hasCompletedOnboarding: state.onboarded ?? true,
            hasMediaID: state.onboarded ?? true,
            hasRoleSpecificMediaID: state.onboarded ?? true,
          },
        };
  await context.addInitScript((seed) => {
    (window as unknown as { __BUCKET_TEST_AUTH__: unknown }).__BUCKET_TEST_AUTH__ = seed;
  }, value);
}

/** Waits until a service worker controls the page (after the first online visit). */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active);
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

/** Cuts the network for the page AND its service worker (setOffline does not cover the worker's own fetches). */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/*');
  await context.setOffline(false);
}
