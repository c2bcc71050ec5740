import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { CenteredLoader } from '../components/CenteredLoader';
import { RouteGuard } from '../components/RouteGuard';
import { DASHBOARD_ROLES, ROLE_DISPLAY, type SelfSignupRole } from '../lib/roles';

// Each dashboard is its own chunk: a fan never downloads the brand dashboard's charts.
const importers = {
  fan: () => import('../features/fan/FanDashboardPage').then((m) => ({ default: m.FanDashboardPage })),
  artist: () => import('../features/artist/ArtistDashboardPage').then((m) => ({ default: m.ArtistDashboardPage })),
  brand: () => import('../features/brand/BrandDashboardPage').then((m) => ({ default: m.BrandDashboardPage })),
  developer: () =>
    import('../features/developer/DeveloperPortalPage').then((m) => ({ default: m.DeveloperPortalPage })),
} satisfies Record<SelfSignupRole, unknown>;

const loading = new Map<SelfSignupRole, ReturnType<(typeof importers)[SelfSignupRole]>>();
/** One import per dashboard, shared by the early start below and React.lazy. */
function loadDashboard(role: SelfSignupRole) {
  let pending = loading.get(role);
  if (!pending) {
    pending = importers[role]();
    loading.set(role, pending);
  }
  return pending;
}

const dashboards = {
  fan: lazy(() => loadDashboard('fan')),
  artist: lazy(() => loadDashboard('artist')),
  brand: lazy(() => loadDashboard('brand')),
  developer: lazy(() => loadDashboard('developer')),
} satisfies Record<SelfSignupRole, unknown>;

function isDashboardRole(role: string): role is SelfSignupRole {
  return (DASHBOARD_ROLES as readonly string[]).includes(role);
}

function DashboardRoute() {
  const { role } = Route.useParams();
  if (!isDashboardRole(role)) return null; // unreachable: beforeLoad throws notFound
  // The dashboard's chunk (and its CSS) loads while the guard still waits for the profile, so the
  // page can render the moment the guard allows it instead of starting its download only then.
  void loadDashboard(role);
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
