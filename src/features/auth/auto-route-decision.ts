/** Where /auto-route sends a user. Pure. */
import type { AuthUser, ProfileRoutingState } from '@/lib/auth-state';
import type { Role } from '@/lib/roles';

export type AutoRouteDecision =
  { to: '/welcome' } | { to: '/onboarding' } | { to: `/dashboard/${Role}`; role: Role; backendSetupRequired: boolean };

export const BACKEND_SETUP_TITLE = 'Backend Setup Required';
export const BACKEND_SETUP_MESSAGE =
  'Your backend database tables need to be set up. Routing to dashboard with limited functionality.';

function dashboard(role: Role, backendSetupRequired: boolean): AutoRouteDecision {
  return { to: `/dashboard/${role}`, role, backendSetupRequired };
}

export function decideAutoRoute(user: AuthUser | null, profile: ProfileRoutingState): AutoRouteDecision {
  if (!user) return { to: '/welcome' };
  if (!profile.databaseAvailable) return dashboard(profile.selectedRole ?? 'fan', true);
  if (profile.needsProfileCreation) return { to: '/onboarding' };
  const roleReady = profile.roleSetupStatuses[profile.selectedRole] === 'ready';
  if (profile.hasCompletedOnboarding && profile.hasMediaID && roleReady) {
    return dashboard(profile.selectedRole, false);
  }
  return { to: '/onboarding' };
}
