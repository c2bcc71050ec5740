/** Roles and their display info (name, colour, description). */
import { ROLES, type Role } from '@sync/model';

export { ROLES, type Role };

/** Roles a person may choose at self-signup: admin is never offered. */
export const SELF_SIGNUP_ROLES = ['fan', 'artist', 'brand', 'developer'] as const;
export type SelfSignupRole = (typeof SELF_SIGNUP_ROLES)[number];

export const DEFAULT_ROLE: SelfSignupRole = 'fan';

export interface RoleDisplay {
  name: string;
  /** Mantine colour name (fan yellow, artist green, brand blue, developer purple, admin red). */
  color: 'yellow' | 'green' | 'blue' | 'grape' | 'red';
  description: string;
}

export const ROLE_DISPLAY: Record<Role, RoleDisplay> = {
  fan: { name: 'Fan', color: 'yellow', description: 'Discover and support artists' },
  artist: { name: 'Artist', color: 'green', description: 'Create and monetize content' },
  brand: { name: 'Brand', color: 'blue', description: 'Run targeted campaigns' },
  developer: {
    name: 'Developer',
    color: 'grape',
    description: 'Build MediaID integrations (OAuth2 API access, user preference data)',
  },
  admin: { name: 'Admin', color: 'red', description: 'Access every dashboard' },
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isSelfSignupRole(value: unknown): value is SelfSignupRole {
  return typeof value === 'string' && (SELF_SIGNUP_ROLES as readonly string[]).includes(value);
}

/** The four dashboards of the route table, /dashboard/{role}: one per self-signup role. */
export function isDashboardRole(role: unknown): role is SelfSignupRole {
  return isSelfSignupRole(role);
}
