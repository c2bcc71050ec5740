/**
 * What an OAuth authorization request may ask for, and how its answer reaches the client
 * (GoTrue's internal/api/oauthserver/authorize.go): the scopes, the request's parameters checked in
 * GoTrue's order and words, and the redirects carrying a code or an error back to redirect_uri.
 * Invariants: pure (no database, no clock); PKCE with S256 is mandatory; the redirect helpers are
 * only ever given a redirect_uri already matched exactly against the client's registration
 * (oauth-server.ts checks that before answering by redirect).
 */
export const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'phone', 'offline_access'];
export const DEFAULT_SCOPE = 'email';

export const parseScopes = (s: string): string[] =>
  s
    .trim()
    .split(' ')
    .map((x) => x.trim())
    .filter(Boolean);

function withParams(base: string, params: Record<string, string | null | undefined>): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v) u.searchParams.set(k, v);
  return u.toString();
}

export const errorRedirect = (redirectUri: string, error: string, description: string, state: string | null): string =>
  withParams(redirectUri, { error, error_description: description, state });

/** The approved request's redirect: its code, and the client's state back. */
export function successRedirect(row: { redirect_uri: string; state: string | null }, code: string): string {
  return withParams(row.redirect_uri, { code, state: row.state });
}

/** GoTrue's validateRemainingAuthorizeParams, in its order and words: the problem, if any. */
export function authorizeParamProblem(
  responseType: string,
  scope: string,
  resource: string,
  challenge: string,
  method: string,
): string | undefined {
  if (responseType !== 'code') return 'only response_type=code is supported';
  const scopes = parseScopes(scope);
  if (scopes.length === 0) return 'scope parameter cannot be empty';
  const unsupported = scopes.find((s) => !SUPPORTED_SCOPES.includes(s));
  if (unsupported) return `unsupported scope: ${unsupported}`;
  if (resource) {
    let u: URL | undefined;
    try {
      u = new URL(resource);
    } catch {
      return 'resource must be an absolute URI';
    }
    if (u.hash) return 'resource must not include a fragment component';
    if (u.search) return 'resource must not include a query component';
  }
  if (!challenge || !method) return 'PKCE flow requires both code_challenge and code_challenge_method';
  // Stricter than GoTrue (which also takes 'plain'): OAuth 2.1 apps built here use S256, which hosted accepts too.
  if (method.toLowerCase() !== 's256') return "code_challenge_method must be 'S256'";
  if (challenge.length < 43 || challenge.length > 128) return 'code_challenge must be between 43 and 128 characters';
  return undefined;
}
