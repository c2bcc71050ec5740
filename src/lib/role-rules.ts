/** Role availability and setup-needed rules. Pure. */
import type { RoleSetupStatus } from './auth-state';
import { isRole, SELF_SIGNUP_ROLES, type Role } from './roles';

/** The parts of a MediaID these rules read. */
export interface MediaIdLike {
  role: string;
  interests?: unknown;
  privacy_settings?: unknown;
}

/** Roles of all the user's MediaIDs; only fan when there are none or the lookup failed. */
export function availableRolesFrom(mediaIds: readonly MediaIdLike[] | null | undefined, failed = false): Role[] {
  if (failed || !mediaIds || mediaIds.length === 0) return ['fan'];
  const roles: Role[] = [];
  for (const mediaId of mediaIds) {
    if (isRole(mediaId.role) && !roles.includes(mediaId.role)) roles.push(mediaId.role);
  }
  return roles.length > 0 ? roles : ['fan'];
}

/** Needs setup: no MediaID, an empty interests list or privacy_settings that is not an object. */
export function roleNeedsSetup(mediaId: MediaIdLike | null | undefined, failed = false): boolean {
  if (failed || !mediaId) return true;
  if (!Array.isArray(mediaId.interests) || mediaId.interests.length === 0) return true;
  const privacy = mediaId.privacy_settings;
  return typeof privacy !== 'object' || privacy === null || Array.isArray(privacy);
}

export function roleSetupStatuses(
  mediaIds: readonly MediaIdLike[] | null | undefined,
  failed = false,
): Record<Role, RoleSetupStatus> {
  const statuses = {} as Record<Role, RoleSetupStatus>;
  for (const role of [...SELF_SIGNUP_ROLES, 'admin'] as Role[]) {
    const mediaId = mediaIds?.find((item) => item.role === role);
    statuses[role] = roleNeedsSetup(mediaId, failed) ? 'setup-required' : 'ready';
  }
  return statuses;
}

export type RoleAction = 'current' | 'switch' | 'setup' | 'unavailable';

/** What the switcher does when a role is chosen. */
export function roleSwitchAction(
  role: Role,
  current: Role,
  available: readonly Role[],
  statuses: Partial<Record<Role, RoleSetupStatus>>,
): RoleAction {
  if (role === current) return 'current';
  if (statuses[role] !== 'ready') return 'setup';
  if (available.includes(role)) return 'switch';
  return 'unavailable';
}

export function unavailableRoleMessage(role: string): string {
  return `MediaID not set up for ${role} role. Please complete setup first.`;
}

export function switchFailedAlert(role: string, error: string): string {
  return `Failed to switch to ${role} role: ${error}`;
}
