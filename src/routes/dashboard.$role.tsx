import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { CenteredLoader } from '../components/CenteredLoader';
import { RouteGuard } from '../components/RouteGuard';
import { DASHBOARD_ROLES, ROLE_DISPLAY, type SelfSignupRole } from '../lib/roles';

// Each dashboard is its own chunk: a fan never downloads the brand dashboard's charts.
const dashboards = {
  fan: lazy(() => import('../features/fan/FanDashboardPage').then((m) => ({ default: m.FanDashboardPage }))),
  artist: lazy(() =>
    import('../features/artist/ArtistDashboardPage').then((m) => ({ default: m.ArtistDashboardPage })),
  ),
  brand: lazy(() => import('../features/brand/BrandDashboardPage').then((m) => ({ default: m.BrandDashboardPage }))),
  developer: lazy(() =>
    import('../features/developer/DeveloperPortalPage').then((m) => ({ default: m.DeveloperPortalPage })),
  ),
} satisfies Record<SelfSignupRole, unknown>;

function isDashboardRole(role: string): role is SelfSignupRole {
  return (DASHBOARD_ROLES as readonly string[]).includes(role);
}

function DashboardRoute() {
  const { role } = Route.useParams();
  if (!isDashboardRole(role)) return null; // unreachable: beforeLoad throws notFound
  const Dashboard = dashboards[role];
  return (
    <RouteGuard requireAuth requireOnboarding allowedRoles={[role, 'admin']}>
      <Suspense fallback={<CenteredLoader text="Loading..." />}>
        <Dashboard />
      </Suspense>
    </RouteGuard>
  );
}

export const Route = createFileRoute('/dashboard/$role')({
  beforeLoad: ({ params }) => {
    // Only the four dashboards exist; any other role segment is a not-found page.
    if (!isDashboardRole(params.role)) throw notFound();
  },
  head: ({ params }) => ({
    meta: [
      {
        title: isDashboardRole(params.role)
          ? `${ROLE_DISPLAY[params.role].name} Dashboard · Bucket`
          : 'Page Not Found · Bucket',
      },
    ],
  }),
  component: DashboardRoute,
});
