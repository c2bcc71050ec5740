import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { AppFrame } from '../components/AppFrame';
import { AppHeader } from '../components/AppHeader';
import { HeaderSyncStatus } from '../components/HeaderSyncStatus';
import { ErrorScreen } from '../components/ErrorScreen';
import { NotFoundPage } from '../components/NotFoundPage';
import type { RouterContext } from '../lib/router-context';

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
  errorComponent: ({ error }) => <ErrorScreen error={error} />,
  notFoundComponent: NotFoundPage,
});
