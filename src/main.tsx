import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './features/auth/AuthProvider';
import { DeferredAppChrome } from './components/DeferredAppChrome';
import { createDeferredAuthSource } from './features/auth/deferred-auth-source';
import { IdentitySync } from './features/auth/IdentitySync';
import type { IdentityStore } from './features/auth/identity-store';
import { createMemoryAuthSource, type AuthStateSource, type MemoryAuthSource } from './lib/auth-state';
import { AUTH_STORAGE_KEY } from './lib/auth-storage-key';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

declare global {
  interface Window {
    /** e2e harness only: an in-memory auth state to drive the route guard (the server never trusts it). */
    __BUCKET_TEST_AUTH__?: Parameters<MemoryAuthSource['set']>[0];
  }
}

const testAuth = window.__BUCKET_TEST_AUTH__;

let markFirstRouteLoaded: () => void = () => undefined;
const firstRouteLoaded = new Promise<void>((resolve) => {
  markFirstRouteLoaded = resolve;
});

/** Once the first route (with its code-split component) has loaded and the browser is idle. */
const firstRouteIdle: Promise<void> = firstRouteLoaded.then(
  () =>
    new Promise<void>((resolve) => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 500);
    }),
);

/** Runs `run` once, on the visitor's first pointer, key, touch, wheel or focus event. */
function onFirstInteraction(run: () => void) {
  const events = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'focusin'] as const;
  const once = () => {
    for (const event of events) window.removeEventListener(event, once, true);
    run();
  };
  for (const event of events) window.addEventListener(event, once, { capture: true, passive: true });
}

/**
 * The real source (Supabase session + local profile state), unless the e2e harness seeds an in-memory one.
 * supabase-js and the identity store load as their own chunk, so `/` renders without them.
 */
function createAuthSource(): { auth: AuthStateSource; identity: Promise<IdentityStore> | null } {
  if (testAuth) return { auth: createMemoryAuthSource(testAuth), identity: null };
  const loadIdentity = () =>
    import('./features/auth/identity-runtime').then((runtime) => runtime.createIdentity(window.localStorage));
  const deferred = createDeferredAuthSource(loadIdentity, window.localStorage);
  // A signed-in user needs the identity store at once; a visitor when a screen asks for auth state
  // (guards, submitting a sign-in form) or on their first interaction once the page is idle —
  // public pages such as `/` render and settle without it.
  if (window.localStorage.getItem(AUTH_STORAGE_KEY)) deferred.activate();
  else void firstRouteIdle.then(() => onFirstInteraction(() => deferred.activate()));
  return { auth: deferred, identity: deferred.identity };
}

const { auth, identity } = createAuthSource();
const router = createAppRouter({ auth });
const stopWatchingFirstRoute = router.subscribe('onResolved', () => {
  stopWatchingFirstRoute();
  markFirstRouteLoaded();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="dark">
      <AuthProvider source={auth} identity={identity}>
        <IdentitySync enabled={!testAuth}>
          <DeferredAppChrome ready={firstRouteIdle} uploads={!testAuth} />
          <RouterProvider router={router} />
        </IdentitySync>
      </AuthProvider>
    </MantineProvider>
  </StrictMode>,
);
