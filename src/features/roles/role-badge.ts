import type { RoleSetupStatus } from '@/lib/auth-state';
import type { Role } from '@/lib/roles';

export type RoleBadgeLabel = 'Current' | 'Active' | 'Available' | 'Setup Required';

/** The badge a role shows: Current (compact) / Active (panel), Available or Setup Required. */
export function roleBadge(
  role: Role,
  current: Role,
  statuses: Partial<Record<Role, RoleSetupStatus>>,
  variant: 'compact' | 'panel',
): { label: RoleBadgeLabel; color: string } {
  if (role === current) return { label: variant === 'compact' ? 'Current' : 'Active', color: 'green' };
  if (statuses[role] === 'ready') return { label: 'Available', color: 'blue' };
  return { label: 'Setup Required', color: 'orange' };
}
