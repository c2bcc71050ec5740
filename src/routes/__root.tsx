import { AppShell } from '@mantine/core';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { AppHeader } from '../components/AppHeader';
import { HeaderSyncStatus } from '../components/HeaderSyncStatus';
import { ErrorScreen } from '../components/ErrorScreen';
import { NotFoundPage } from '../components/NotFoundPage';
import type { RouterContext } from '../router';

function RootLayout() {
  return (
    <>
      <HeadContent />
      <AppShell header={{ height: 56 }} padding={0}>
        <AppShell.Header>
          <AppHeader status={<HeaderSyncStatus />} />
        </AppShell.Header>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: 'Bucket & MediaID' }] }),
  component: RootLayout,
  errorComponent: ({ error }) => <ErrorScreen error={error} />,
  notFoundComponent: NotFoundPage,
});
