import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { centredLoader, GuardPending } from '@/components/GuardPending';
import { FanDashboardLoading } from '@/features/fan/FanGreeting';
import type { GuardFlags } from '@/lib/guard';
import { isDashboardRole, ROLE_DISPLAY, type SelfSignupRole } from '@/lib/roles';
import { guardRoute } from '@/lib/route-guard';
import { loadDashboard, preloadDashboard } from './-dashboard-chunks';

const dashboards = {
  fan: lazy(() => loadDashboard('fan')),
  artist: lazy(() => loadDashboard('artist')),
  brand: lazy(() => loadDashboard('brand')),
  developer: lazy(() => loadDashboard('developer')),
} satisfies Record<SelfSignupRole, unknown>;

/** Every dashboard needs a session and a finished onboarding, and allows its own role and admin. */
const guardFlags = (role: SelfSignupRole): GuardFlags => ({
  requireAuth: true,
  requireOnboarding: true,
  allowedRoles: [role, 'admin'],
});

// The fan dashboard keeps its greeting on screen while it loads (painted by the shell at first).
const fanLoading = (text: string) => <FanDashboardLoading text={text} />;
const loadingFor = (role: string) => (role === 'fan' ? fanLoading : centredLoader);

function DashboardRoute() {
  const { role } = Route.useParams();
  if (!isDashboardRole(role)) return null; // unreachable: beforeLoad throws notFound
  const Dashboard = dashboards[role];
  return (
    <Suspense fallback={loadingFor(role)('Loading...')}>
      <Dashboard />
    </Suspense>
  );
}

/** While the guard waits for the session or the profile. */
function DashboardPending() {
  const { role } = Route.useParams();
  if (!isDashboardRole(role)) return centredLoader('Loading...');
  return <GuardPending flags={guardFlags(role)} loading={loadingFor(role)} />;
}

export const Route = createFileRoute('/dashboard/$role')({
  beforeLoad: ({ params, ...rest }) => {
    // Only the four dashboards exist; any other role segment is a not-found page.
    if (!isDashboardRole(params.role)) throw notFound();
    // The dashboard's chunk (and its CSS) downloads on navigation while the guard waits for the
    // profile, and on preloadRoute (the sign-in form calls it as soon as it knows the account's role).
    preloadDashboard(params.role);
    return guardRoute(guardFlags(params.role))(rest);
  },
  pendingComponent: DashboardPending,
  pendingMs: 0,
  pendingMinMs: 0,
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
