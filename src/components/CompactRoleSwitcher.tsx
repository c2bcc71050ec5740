import { Badge } from '@mantine/core';
import { ROLE_DISPLAY } from '../lib/roles';
import { useAuthSnapshot } from '../lib/use-auth-snapshot';

/**
 * Compact role switcher for dashboard headers (spec §2 "Role switcher").
 * Placeholder showing the current role; the identity feature replaces it with the real dropdown.
 */
export function CompactRoleSwitcher() {
  const { profile } = useAuthSnapshot();
  const display = ROLE_DISPLAY[profile.selectedRole];
  return (
    <Badge color={display.color} variant="light">
      {display.name}
    </Badge>
  );
}
