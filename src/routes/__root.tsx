import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { AppFrame } from '@/components/AppFrame';
import { AppHeader } from '@/components/AppHeader';
import { HeaderSyncStatus } from '@/components/HeaderSyncStatus';
import { ErrorScreen } from '@/components/ErrorScreen';
import { NotFoundPage } from '@/components/NotFoundPage';
import { OfflineScreen } from '@/components/OfflineScreen';
import { isChunkLoadError } from '@/lib/chunk-load-error';
import type { RouterContext } from '@/lib/router-context';

function RootLayout() {
  return (
    <>
      <HeadContent />
      <AppFrame header={<AppHeader status={<HeaderSyncStatus />} />}>
        <Outlet />
      </AppFrame>
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: 'Bucket & MediaID' }] }),
  component: RootLayout,
  // A page's code that cannot be fetched is the offline screen, not an error (spec: no message).
  errorComponent: ({ error }) => (isChunkLoadError(error) ? <OfflineScreen /> : <ErrorScreen error={error} />),
  notFoundComponent: NotFoundPage,
});
