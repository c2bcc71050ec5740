/** OAuth scopes offered to developer applications (spec §9); sample apps also use campaigns:read. */
export const OAUTH_SCOPES = [
  'media:read',
  'media:write',
  'preferences:read',
  'preferences:write',
  'events:read',
  'events:write',
  'analytics:read',
] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** Scopes that appear on sample apps but are not offered when creating an app. */
export type AppScope = OAuthScope | 'campaigns:read';

export const SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
  'media:read': 'Read a user’s MediaID profile',
  'media:write': 'Update a user’s MediaID profile',
  'preferences:read': 'Read interests and genre preferences',
  'preferences:write': 'Update interests and genre preferences',
  'events:read': 'Read engagement events',
  'events:write': 'Record engagement events',
  'analytics:read': 'Read aggregated, anonymous analytics',
};

export function isOAuthScope(value: string): value is OAuthScope {
  return (OAUTH_SCOPES as readonly string[]).includes(value);
}
