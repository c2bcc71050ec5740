import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthSnapshotPassive } from '../lib/use-auth-snapshot';

// Not needed for the first paint: notifications queue in their store until the container mounts,
// and registering the service worker after the page has loaded is Workbox's own advice.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));
const OutboxAutostart = lazy(() =>
  import('../features/uploads/OutboxAutostart').then((m) => ({ default: m.OutboxAutostart })),
);

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
      <Notifications position="top-right" />
      <UpdatePrompt />
      {uploads ? <ArtistOutbox /> : null}
      <ChromeReady />
    </Suspense>
  );
}
