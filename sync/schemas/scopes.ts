// The OAuth scopes of a MediaID app: plain data beside the schema, so screens import them without RxDB.

/** Bucket's OAuth scopes (SQL: public.mediaid_scopes(); tests/integration/oauth/scopes-agree.test.ts). */
/** Bucket's OAuth scopes (SQL: public.mediaid_scopes(); tests/integration/oauth/scopes-agree.test.ts). */
export const MEDIAID_SCOPES = [
  'media:read',
  'media:write',
  'preferences:read',
  'preferences:write',
  'events:read',
  'events:write',
  'analytics:read',
] as const;
export type MediaIdScope = (typeof MEDIAID_SCOPES)[number];
/** What an app row may store: the OAuth scopes, plus campaigns:read that only sample apps show. */
export const DEVELOPER_APP_SCOPES = [...MEDIAID_SCOPES, 'campaigns:read'] as const;
export type DeveloperAppScope = (typeof DEVELOPER_APP_SCOPES)[number];
