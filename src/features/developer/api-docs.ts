/**
 * The API reference of the API Docs tab: the spec's call names, each with the real request it
 * answers at on Supabase (`{SUPABASE_URL}` + real path): consent through Supabase Auth's OAuth
 * server, tokens from the mediaid-token Edge Function, calls to the mediaid-api Edge Function.
 */
export interface ApiEndpointDoc {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  summary: string;
  scope?: string;
  /** The real request: method and path under the project URL. */
  real: { method: 'GET' | 'POST' | 'PUT'; path: string; note?: string };
}

/** What a MediaID API call answers when the token cannot make it (RFC 6750: `{error, error_description}`). */
export const API_ERRORS = [
  {
    code: 'invalid_token',
    meaning: 'HTTP 401: no token, or an expired or revoked one (the user revoked the app, or it was disabled).',
  },
  { code: 'insufficient_scope', meaning: 'HTTP 403: the grant lacks the call’s scope (named in scope).' },
  { code: 'invalid_request', meaning: 'HTTP 400: the body is malformed (reason in error_description).' },
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
      path: '/functions/v1/mediaid-token',
      note: 'Form body with client_id and your client_secret (mid_sk_…). Tokens are opaque MediaID tokens, never a Bucket session.',
    },
  },
  {
    method: 'GET',
    path: '/api/v1/preferences',
    summary: 'Read the user’s interests and genre preferences.',
    real: { method: 'GET', path: '/functions/v1/mediaid-api/v1/preferences' },
    scope: 'preferences:read',
  },
  {
    method: 'PUT',
    path: '/api/v1/preferences',
    summary: 'Update the user’s interests and genre preferences.',
    real: { method: 'PUT', path: '/functions/v1/mediaid-api/v1/preferences', note: 'JSON body.' },
    scope: 'preferences:write',
  },
  {
    method: 'POST',
    path: '/api/v1/events',
    summary: 'Record an engagement event (play, save, share).',
    real: { method: 'POST', path: '/functions/v1/mediaid-api/v1/events', note: 'JSON body.' },
    scope: 'events:write',
  },
  {
    method: 'GET',
    path: '/api/v1/analytics',
    summary: 'Aggregated, anonymous analytics for your app.',
    real: { method: 'GET', path: '/functions/v1/mediaid-api/v1/analytics' },
    scope: 'analytics:read',
  },
  {
    method: 'GET',
    path: '/api/v1/users/me',
    summary: 'The signed-in user’s MediaID summary for your app.',
    real: { method: 'GET', path: '/functions/v1/mediaid-api/v1/users/me' },
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
  'Check state, then call POST /oauth/token with grant_type=authorization_code, code, redirect_uri, client_id, client_secret and the original code_verifier.',
  'Use the access token as a Bearer token on /api/v1 calls; refresh it with grant_type=refresh_token.',
] as const;

export const METHOD_COLORS: Record<ApiEndpointDoc['method'], string> = { GET: 'blue', POST: 'green', PUT: 'orange' };
