// "Sign in with MediaID" in three steps, with oauth4webapi (any OAuth 2.1 client library works):
//   1. authorizeUrl — send the user to Bucket's authorization server (PKCE S256 + state);
//   2. exchange     — trade the code in the callback for tokens (checks state, sends the verifier);
//   3. callApi      — call the MediaID API with the access token (<SUPABASE_URL>/functions/v1/mediaid-api).
// Bucket is a Supabase project: users consent through Supabase Auth's OAuth server (issuer
// <SUPABASE_URL>/auth/v1), but codes are redeemed at MediaID's own token endpoint
// (<SUPABASE_URL>/functions/v1/mediaid-token), which gives opaque MediaID tokens: an app never
// holds a session of the user's Bucket account.
import * as oauth from 'oauth4webapi';

export interface MediaIdConfig {
  /** e.g. http://127.0.0.1:54321 for `npm start`, https://<ref>.supabase.co when hosted */
  supabaseUrl: string;
  /** the OAuth client id shown when the app was registered */
  clientId: string;
  /** the MediaID client secret (`mid_sk_…`) shown once when the app was registered; keep it on a server */
  clientSecret: string;
  /** must equal, character for character, a redirect URI registered for the app */
  redirectUri: string;
  /** OIDC scopes (email, profile); Bucket's own scopes were fixed when the app was registered */
  scope?: string;
}

export interface Pending {
  url: URL;
  state: string;
  verifier: string;
}

// oauth4webapi refuses plain http unless told; only the local backend (http://127.0.0.1) needs this.
const opts = (cfg: MediaIdConfig) => ({ [oauth.allowInsecureRequests]: cfg.supabaseUrl.startsWith('http:') });
const client = (cfg: MediaIdConfig): oauth.Client => ({ client_id: cfg.clientId });
const clientAuth = (cfg: MediaIdConfig) => oauth.ClientSecretPost(cfg.clientSecret);
const base = (cfg: MediaIdConfig) => cfg.supabaseUrl.replace(/\/+$/, '');

/**
 * The authorization server's metadata (RFC 8414), found from the issuer, with MediaID's token
 * endpoint in place of Supabase Auth's (the app's secret authenticates only there).
 */
export async function discover(cfg: MediaIdConfig): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(`${base(cfg)}/auth/v1`);
  const res = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...opts(cfg) });
  const as = await oauth.processDiscoveryResponse(issuer, res);
  return { ...as, token_endpoint: `${base(cfg)}/functions/v1/mediaid-token` };
}

/** Step 1: where to send the user. Keep `state` and `verifier` until the callback (e.g. in a cookie). */
export async function authorizeUrl(as: oauth.AuthorizationServer, cfg: MediaIdConfig): Promise<Pending> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('redirect_uri', cfg.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', cfg.scope ?? 'email');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { url, state, verifier };
}

/** Step 2: the callback URL → tokens. Throws when the user denied (error=access_denied) or state differs. */
export async function exchange(
  as: oauth.AuthorizationServer,
  cfg: MediaIdConfig,
  callback: URL,
  pending: Pick<Pending, 'state' | 'verifier'>,
): Promise<oauth.TokenEndpointResponse> {
  const params = oauth.validateAuthResponse(as, client(cfg), callback, pending.state);
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    client(cfg),
    clientAuth(cfg),
    params,
    cfg.redirectUri,
    pending.verifier,
    opts(cfg),
  );
  return oauth.processAuthorizationCodeResponse(as, client(cfg), res);
}

/** A new access token (and a new refresh token: each one works once; reusing an old one ends the sign-in). */
export async function refresh(
  as: oauth.AuthorizationServer,
  cfg: MediaIdConfig,
  refreshToken: string,
): Promise<oauth.TokenEndpointResponse> {
  const res = await oauth.refreshTokenGrantRequest(as, client(cfg), clientAuth(cfg), refreshToken, opts(cfg));
  return oauth.processRefreshTokenResponse(as, client(cfg), res);
}

/** What the API answers when it refuses (RFC 6750): 401 `invalid_token` (none, expired, revoked), 403
 * `insufficient_scope` (`scope` names the one needed), 400 `invalid_request`. */
export class MediaIdApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string | null,
    readonly scope: string | null,
  ) {
    super(`${status} ${code}${description ? `: ${description}` : ''}`);
  }
}

export type MediaIdCall =
  'GET /v1/users/me' | 'GET /v1/preferences' | 'PUT /v1/preferences' | 'POST /v1/events' | 'GET /v1/analytics';

/** Step 3: one MediaID API call, e.g. `callApi(cfg, token, 'GET /v1/preferences')`; PUT/POST take a JSON body. */
export async function callApi<T = Record<string, unknown>>(
  cfg: MediaIdConfig,
  accessToken: string,
  call: MediaIdCall,
  body?: Record<string, unknown>,
): Promise<T> {
  const [method, path] = call.split(' ') as [string, string];
  const res = await fetch(`${base(cfg)}/functions/v1/mediaid-api${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, string | undefined>;
  if (!res.ok) {
    throw new MediaIdApiError(res.status, json.error ?? 'error', json.error_description ?? null, json.scope ?? null);
  }
  return json as T;
}
