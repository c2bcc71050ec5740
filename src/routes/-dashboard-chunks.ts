// One dynamic import per dashboard page (its own chunk: a fan never downloads the brand
// dashboard's charts), shared by the dashboard route's component (React.lazy) and its beforeLoad,
// which the sign-in runs through router.preloadRoute as soon as it knows the account's role, and a
// navigation runs while the route guard still waits for the profile.
import type { SelfSignupRole } from '@/lib/roles';

const importers = {
  fan: () => import('@/features/fan/FanDashboardPage').then((m) => ({ default: m.FanDashboardPage })),
  artist: () => import('@/features/artist/ArtistDashboardPage').then((m) => ({ default: m.ArtistDashboardPage })),
  brand: () => import('@/features/brand/BrandDashboardPage').then((m) => ({ default: m.BrandDashboardPage })),
  developer: () =>
    import('@/features/developer/DeveloperPortalPage').then((m) => ({ default: m.DeveloperPortalPage })),
} satisfies Record<SelfSignupRole, unknown>;

const loading = new Map<SelfSignupRole, ReturnType<(typeof importers)[SelfSignupRole]>>();

/** The dashboard's module, imported once. */
export function loadDashboard(role: SelfSignupRole) {
  let pending = loading.get(role);
  if (!pending) {
    pending = importers[role]();
    loading.set(role, pending);
  }
  return pending;
}

/** Starts the download now (a guess from the sign-up role: a wrong one costs one chunk). */
export function preloadDashboard(role: SelfSignupRole): void {
  loadDashboard(role).catch(() => loading.delete(role)); // React.lazy retries on render
}
