import './styles/mantine.css';
import '@mantine/notifications/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app-root';
import { createDeferredAuthSource } from './features/auth/deferred-auth-source';
import type { IdentityStore } from './features/auth/identity-store';
import { createMemoryAuthSource, type AuthStateSource, type MemoryAuthSource } from './lib/auth-state';
import { AUTH_STORAGE_KEY } from './lib/auth-storage-key';
import { aGuardWaits, invalidateOnGuardChange } from './lib/route-guard';
import { CSS_VARIABLES_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from './lib/prerendered';
import { createAppRouter } from './router';

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

// The service worker registers once the page's own scripts have loaded (Workbox's advice), not at
// idle: its precache is those same files, so a fan who goes offline a second after signing in can
// still open the app.
function registerServiceWorker() {
  void import('./lib/service-worker').then((worker) => worker.registerServiceWorker());
}
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', registerServiceWorker, { once: true });

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

/**
 * One task to the next: the start-up below runs in a few tasks instead of one long one after the
 * modules' evaluation (creating the router, then loading the first route, are milliseconds each
 * on a phone), so the browser can paint and answer input in between.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await nextTask();
  const { auth, identity } = createAuthSource();
  const router = createAppRouter({ auth });
  invalidateOnGuardChange(router, auth);
  const stopWatchingFirstRoute = router.subscribe('onResolved', () => {
    stopWatchingFirstRoute();
    markFirstRouteLoaded();
  });

  const container = document.getElementById('root')!;
  const app = (
    <AppRoot
      router={router}
      auth={auth}
      identity={identity}
      chromeReady={firstRouteIdle}
      realAuth={!testAuth}
      cssVariables={!document.querySelector(`style[${CSS_VARIABLES_ATTRIBUTE}]`)}
    />
  );

  /**
   * A page prerendered at build time (scripts/prerender-plugin.ts) for this very path is hydrated
   * when the visitor is signed out, the state it was rendered in; anything else (a signed-in user,
   * the e2e auth harness, the empty app shell) renders on the client. Either way the route's chunks
   * load first, so the first render holds the page (and matches the server's), and it runs as a
   * transition: React renders it in slices and yields to the browser between them.
   */
  await nextTask();
  const prerenderedPath = container.getAttribute(PRERENDERED_ATTRIBUTE);
  const sameView = prerenderedPath === window.location.pathname && !window.location.search;
  if (sameView && !testAuth && !auth.getSnapshot().user) {
    // As TanStack's own SSR hydration does (router-core hydrate()): the tree then has the server's shape.
    router.ssr = { manifest: undefined };
    await router.load();
    startTransition(() => void hydrateRoot(container, app));
  } else {
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    // A failed load renders too (the router shows the error). A guard that waits for the signed-in
    // user's profile waits for what the app's own sync bridge reads once rendered: then the app
    // renders at once, with the guard's pending screen.
    const guardWaits = aGuardWaits(); // before the load: a guard may start waiting synchronously in it
    await Promise.race([router.load().catch(() => undefined), guardWaits]);
    startTransition(() => createRoot(container).render(app));
  }
}

void start();
