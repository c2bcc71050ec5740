/** OAuth scopes offered to developer applications; sample apps also use campaigns:read. */
import { DEVELOPER_APP_SCOPES, type DeveloperAppScope } from '@sync/model';

export type AppScope = DeveloperAppScope;
export type OAuthScope = Exclude<AppScope, 'campaigns:read'>;
/** The stored scopes (sync/schemas/developer-apps.ts) minus campaigns:read, which sample apps only show. */
export const OAUTH_SCOPES: readonly OAuthScope[] = DEVELOPER_APP_SCOPES.filter(
  (scope): scope is OAuthScope => scope !== 'campaigns:read',
);

export const SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
  'media:read': 'Read a user’s MediaID profile',
  'media:write': 'Update a user’s MediaID profile',
  'preferences:read': 'Read interests and genre preferences',
  'preferences:write': 'Update interests and genre preferences',
  'events:read': 'Read engagement events',
  'events:write': 'Record engagement events',
  'analytics:read': 'Read aggregated, anonymous analytics',
};
