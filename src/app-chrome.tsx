import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthSnapshotPassive } from './lib/use-auth-snapshot';

// Not needed for the first paint: notifications queue in their store until the container mounts,
// and registering the service worker after the page has loaded is Workbox's own advice.
const UpdatePrompt = lazy(() => import('./components/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));
const OutboxAutostart = lazy(() =>
  import('./features/uploads/OutboxAutostart').then((m) => ({ default: m.OutboxAutostart })),
);

// Loaded only on a return from Stripe Checkout (?checkout=success|cancelled).
const CheckoutReturnNotice = lazy(() =>
  import('./features/payments/CheckoutReturnNotice').then((m) => ({ default: m.CheckoutReturnNotice })),
);
const fromCheckout = () => new URLSearchParams(window.location.search).has('checkout');

type NotificationsModule = typeof import('@mantine/notifications');

/**
 * Mantine's notification container, mounted when the first notification is shown: mounting it
 * (a portal and a transition group per screen corner, each re-rendering on mount) is a blocking
 * task most page loads never need. Shown notifications wait in Mantine's store until then.
 */
function NotificationsOnDemand() {
  const [module, setModule] = useState<NotificationsModule | null>(null);
  useEffect(() => {
    let active = true;
    let unsubscribe: () => void = () => undefined;
    void import('@mantine/notifications').then((loaded) => {
      if (!active) return;
      const check = () => {
        const { notifications, queue } = loaded.notificationsStore.getState();
        if (notifications.length + queue.length === 0) return;
        unsubscribe();
        setModule(loaded);
      };
      unsubscribe = loaded.notificationsStore.subscribe(check);
      check();
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);
  return module ? <module.Notifications position="top-right" /> : null;
}

/** Rendered after the lazy pieces in the same Suspense boundary: marks start-up as finished. */
function ChromeReady() {
  useEffect(() => {
    document.documentElement.dataset.appChrome = 'ready';
  }, []);
  return null;
}

/**
 * Only a signed-in artist downloads the upload stack; everyone else never loads it. Passive: a
 * visitor's idle page must not pull in the identity chunk just to learn there is no user.
 */
function ArtistOutbox() {
  const { user, profile } = useAuthSnapshotPassive();
  const artist = Boolean(user) && (profile.availableRoles.includes('artist') || profile.selectedRole === 'artist');
  return artist ? <OutboxAutostart /> : null;
}

/**
 * App-wide chrome mounted once `ready` resolves (the first route has rendered and the page is idle).
 * `uploads` is false under the e2e in-memory auth harness, which has no real session to upload with.
 */
export function DeferredAppChrome({ ready, uploads }: { ready: Promise<void>; uploads: boolean }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let active = true;
    void ready.then(() => active && setMounted(true));
    return () => {
      active = false;
    };
  }, [ready]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsOnDemand />
      <UpdatePrompt />
      {fromCheckout() ? <CheckoutReturnNotice /> : null}
      {uploads ? <ArtistOutbox /> : null}
      <ChromeReady />
    </Suspense>
  );
}
