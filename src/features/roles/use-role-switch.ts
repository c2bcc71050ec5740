import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import type { Role } from '@/lib/roles';
import { useAuth } from '@/features/auth';
import { roleSwitchAction, switchFailedAlert, unavailableRoleMessage } from '@/lib/role-rules';
import { switchRole } from './switch-role';

/** What choosing a role in the switcher does. */
export function useRoleSwitch() {
  const { profile, identity } = useAuth();
  const navigate = useNavigate();
  return async (role: Role) => {
    const action = roleSwitchAction(role, profile.selectedRole, profile.availableRoles, profile.roleSetupStatuses);
    if (action === 'current') return;
    if (action === 'setup') {
      if (role !== 'admin') await navigate({ to: '/onboarding', search: { role } });
      return;
    }
    if (action === 'unavailable') {
      console.warn(unavailableRoleMessage(role));
      return;
    }
    try {
      if (identity) await switchRole(identity, role);
      await navigate({ to: '/dashboard/$role', params: { role } });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      notifications.show({ color: 'red', title: 'Role switch failed', message: switchFailedAlert(role, message) });
    }
  };
}
