/**
 * The API reference of the API Docs tab (spec §2): the spec's call names, each with the real
 * request it answers at on Supabase (`{SUPABASE_URL}` + real path; migration
 * 20261127600000_mediaid_api for the rpc/api_* functions).
 */
export interface ApiEndpointDoc {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  summary: string;
  scope?: string;
  /** The real request: method and path under the project URL. */
  real: { method: 'GET' | 'POST'; path: string; note?: string };
}

/** What a MediaID API call answers when the token cannot make it (HTTP 403, PostgREST error body). */
export const API_ERRORS = [
  {
    code: 'invalid_token',
    meaning: 'No app token, a revoked grant or a disabled app (an expired token gets HTTP 401, JWT expired).',
  },
  { code: 'insufficient_scope', meaning: 'The grant lacks the call’s scope (named in hint).' },
  { code: 'invalid_request', meaning: 'HTTP 400: the body is malformed (reason in details).' },
] as const;

export const API_ENDPOINTS: ApiEndpointDoc[] = [
  {
    method: 'POST',
    path: '/oauth/authorize',
    summary: 'Start the authorization code flow with PKCE (code_challenge, S256).',
    real: {
      method: 'GET',
      path: '/auth/v1/oauth/authorize',
      note: 'A browser redirect with the query string, not a POST.',
    },
  },
  {
    method: 'POST',
    path: '/oauth/token',
    summary: 'Exchange the authorization code and code_verifier for access and refresh tokens.',
    real: {
      method: 'POST',
      path: '/auth/v1/oauth/token',
      note: 'Form body; registered apps send client_id and client_secret in it (client_secret_post).',
    },
  },
  {
    method: 'GET',
    path: '/api/v1/preferences',
    summary: 'Read the user’s interests and genre preferences.',
    real: { method: 'POST', path: '/rest/v1/rpc/api_get_preferences' },
    scope: 'preferences:read',
  },
  {
    method: 'PUT',
    path: '/api/v1/preferences',
    summary: 'Update the user’s interests and genre preferences.',
    real: { method: 'POST', path: '/rest/v1/rpc/api_put_preferences', note: 'Body {"p": {…}}.' },
    scope: 'preferences:write',
  },
  {
    method: 'POST',
    path: '/api/v1/events',
    summary: 'Record an engagement event (play, save, share).',
    real: { method: 'POST', path: '/rest/v1/rpc/api_post_event', note: 'Body {"p": {…}}.' },
    scope: 'events:write',
  },
  {
    method: 'GET',
    path: '/api/v1/analytics',
    summary: 'Aggregated, anonymous analytics for your app.',
    real: { method: 'POST', path: '/rest/v1/rpc/api_get_analytics' },
    scope: 'analytics:read',
  },
  {
    method: 'GET',
    path: '/api/v1/users/me',
    summary: 'The signed-in user’s MediaID summary for your app.',
    real: { method: 'POST', path: '/rest/v1/rpc/api_users_me' },
    scope: 'media:read',
  },
];

export const WEBHOOK_EVENTS = [
  { event: 'preference.updated', summary: 'A user changed interests, genres or privacy settings your app can read.' },
  { event: 'permission.revoked', summary: 'A user revoked your app’s access; delete their data within 30 days.' },
] as const;

export const PKCE_STEPS = [
  'Create a random code_verifier (43–128 characters) and keep it on the device.',
  'Send code_challenge = BASE64URL(SHA-256(code_verifier)) with code_challenge_method=S256 to POST /oauth/authorize, along with client_id, redirect_uri, scope and state.',
  'The user approves the requested scopes; Bucket redirects to your redirect URI with code and state.',
  'Check state, then call POST /oauth/token with grant_type=authorization_code, code, redirect_uri, client_id and the original code_verifier.',
  'Use the access token as a Bearer token on /api/v1 calls; refresh it with grant_type=refresh_token.',
] as const;

export const METHOD_COLORS: Record<ApiEndpointDoc['method'], string> = { GET: 'blue', POST: 'green', PUT: 'orange' };
