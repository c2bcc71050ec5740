import './styles/mantine.css';
import '@mantine/notifications/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app-root';
import { createDeferredAuthSource } from './features/auth/deferred-auth-source';
import type { IdentityStore } from './features/auth/identity-store';
import { createMemoryAuthSource, type AuthStateSource, type MemoryAuthSource } from './lib/auth-state';
import { AUTH_STORAGE_KEY } from './lib/auth-storage-key';
import { captureEarlyInput } from './lib/early-input';
import { appStylesReady, CSS_VARIABLES_ATTRIBUTE, HYDRATED_EVENT, PRERENDERED_ATTRIBUTE } from './lib/prerendered';
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
   * the e2e auth harness, the empty app shell) renders on the client, replacing the markup. The
   * route's chunks load before hydrating, so the first client render matches the server's.
   * Both run as a transition, as Next.js hydrates: React then renders in slices and yields to the
   * browser between them (a default-priority first render is one long task that blocks input).
   */
  await nextTask();
  const prerenderedPath = container.getAttribute(PRERENDERED_ATTRIBUTE);
  const sameView = prerenderedPath === window.location.pathname && !window.location.search;
  if (sameView && !testAuth && !auth.getSnapshot().user) {
    // As TanStack's own SSR hydration does (router-core hydrate()): the tree then has the server's
    // shape (no client-only Suspense around the matches).
    router.ssr = { manifest: undefined };
    void router.load().then(() => {
      const early = captureEarlyInput(container);
      // Each frame until every field and control is hydrated (for at most 10 s); then the page's
      // head script stops holding clicks and submits (it watches `data-hydrated`).
      const deadline = Date.now() + 10_000;
      const restore = () => {
        const waiting = early.restore() > 0;
        if (waiting && Date.now() < deadline) {
          requestAnimationFrame(restore);
          return;
        }
        document.documentElement.setAttribute('data-hydrated', '');
        early.replayHeld();
      };
      window.addEventListener(HYDRATED_EVENT, restore, { once: true });
      startTransition(() => void hydrateRoot(container, app));
    });
  } else {
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    // The shell's stylesheet does not hold its first paint (the frame): the app waits for it instead.
    // It also waits for the route to load, as hydration does above: the first render then holds the
    // page and is one transition, rendered in slices. Rendered before, the app would get the loaded
    // route from the router's store later, which React renders synchronously: the layout and the
    // page's first screen in one long task. A failed load renders too (the router shows the error).
    const routeLoaded = router.load().catch(() => undefined);
    void Promise.all([appStylesReady(), routeLoaded]).then(() =>
      startTransition(() => createRoot(container).render(app)),
    );
  }
}

void start();
