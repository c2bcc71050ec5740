import { useNavigate } from '@tanstack/react-router';
import { isSelfSignupRole, type SelfSignupRole } from '@/lib/roles';
import { useAuthPassive } from './AuthContext';
import { waitForSnapshot } from '@/lib/wait-for-snapshot';

/**
 * After an in-page sign-in: go to /dashboard/{role}. The role becomes the current one when the
 * user has a MediaID for it; otherwise the guard decides (onboarding or /unauthorized).
 * Passive: the page holding the hook paints without the identity chunk (the sign-in forms load
 * the client themselves; the dashboard guard asks for the store).
 */
export function useGoToRoleDashboard() {
  const navigate = useNavigate();
  const { identity, activate } = useAuthPassive();
  return async (role: unknown) => {
    const target: SelfSignupRole = isSelfSignupRole(role) ? role : 'fan';
    activate();
    if (identity) {
      await waitForSnapshot(identity, (s) => Boolean(s.user) && !s.profile.loading, 8000);
      if (identity.getSnapshot().profile.availableRoles.includes(target)) identity.setPreferredRole(target);
    }
    await navigate({ to: '/dashboard/$role', params: { role: target } });
  };
}
