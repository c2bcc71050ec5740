import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { centredLoader, RouteGuard } from '@/components/RouteGuard';
import { FanDashboardLoading } from '@/features/fan/FanGreeting';
import { isDashboardRole, ROLE_DISPLAY, type SelfSignupRole } from '@/lib/roles';
import { loadDashboard, preloadDashboard } from './-dashboard-chunks';

const dashboards = {
  fan: lazy(() => loadDashboard('fan')),
  artist: lazy(() => loadDashboard('artist')),
  brand: lazy(() => loadDashboard('brand')),
  developer: lazy(() => loadDashboard('developer')),
} satisfies Record<SelfSignupRole, unknown>;

const fanLoading = (text: string) => <FanDashboardLoading text={text} />;

function DashboardRoute() {
  const { role } = Route.useParams();
  if (!isDashboardRole(role)) return null; // unreachable: beforeLoad throws notFound
  // The dashboard's chunk (and its CSS) loads while the guard still waits for the profile, so the
  // page can render the moment the guard allows it instead of starting its download only then.
  void loadDashboard(role);
  const Dashboard = dashboards[role];
  // The fan dashboard keeps its greeting on screen while it loads (painted by the shell at first).
  const loading = role === 'fan' ? fanLoading : centredLoader;
  return (
    <RouteGuard requireAuth requireOnboarding allowedRoles={[role, 'admin']} loading={loading}>
      <Suspense fallback={loading('Loading...')}>
        <Dashboard />
      </Suspense>
    </RouteGuard>
  );
}

export const Route = createFileRoute('/dashboard/$role')({
  // The loader gets its own chunk: the dashboards' import table stays out of the entry bundle.
  codeSplitGroupings: [['loader'], ['component']],
  beforeLoad: ({ params }) => {
    // Only the four dashboards exist; any other role segment is a not-found page.
    if (!isDashboardRole(params.role)) throw notFound();
  },
  // Starts the dashboard's chunk on navigation and on preloadRoute (the sign-in form calls it as soon
  // as it knows the account's role). Not awaited: the guard's loading screen covers the download.
  loader: ({ params }) => {
    if (isDashboardRole(params.role)) preloadDashboard(params.role);
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
