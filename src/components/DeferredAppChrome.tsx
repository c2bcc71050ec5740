import { lazy, Suspense, useEffect, useState } from 'react';

// Not needed for the first paint: notifications queue in their store until the container mounts,
// and registering the service worker after the page has loaded is Workbox's own advice.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** App-wide chrome mounted once `ready` resolves (the first route has rendered and the page is idle). */
export function DeferredAppChrome({ ready }: { ready: Promise<void> }) {
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
    </Suspense>
  );
}
