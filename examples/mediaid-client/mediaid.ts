// "Sign in with MediaID" in three steps, with oauth4webapi (any OAuth 2.1 client library works):
//   1. authorizeUrl — send the user to Bucket's authorization server (PKCE S256 + state);
//   2. exchange     — trade the code in the callback for tokens (checks state, sends the verifier);
//   3. callApi      — call the MediaID API with the access token (PostgREST RPCs under /rest/v1/rpc).
// Bucket is a Supabase project: its OAuth server is Supabase Auth's (issuer <SUPABASE_URL>/auth/v1).
import * as oauth from 'oauth4webapi';

export interface MediaIdConfig {
  /** e.g. http://127.0.0.1:54321 for `npm start`, https://<ref>.supabase.co when hosted */
  supabaseUrl: string;
  /** the project's anon (publishable) key: every REST call needs it as `apikey` */
  anonKey: string;
  /** the OAuth client id shown when the app was registered */
  clientId: string;
  /** confidential apps only; public apps (SPAs, CLIs) omit it and rely on PKCE */
  clientSecret?: string;
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
// Supabase Auth reads client_secret_post, or none for public clients (not oauth4webapi's percent-encoded Basic).
const clientAuth = (cfg: MediaIdConfig) => (cfg.clientSecret ? oauth.ClientSecretPost(cfg.clientSecret) : oauth.None());

/** The authorization server's metadata (RFC 8414), found from the issuer. */
export async function discover(cfg: MediaIdConfig): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(`${cfg.supabaseUrl.replace(/\/+$/, '')}/auth/v1`);
  const res = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...opts(cfg) });
  return oauth.processDiscoveryResponse(issuer, res);
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

/** What the API answers when it refuses: `invalid_token` (no/ended grant) or `insufficient_scope` (hint = the scope). */
export class MediaIdApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string | null,
    readonly hint: string | null,
  ) {
    super(`${status} ${code}${detail ? `: ${detail}` : ''}`);
  }
}

export type MediaIdCall =
  'api_users_me' | 'api_get_preferences' | 'api_put_preferences' | 'api_post_event' | 'api_get_analytics';

/** Step 3: one MediaID API call (POST /rest/v1/rpc/<call>); PUT/POST calls take their body as `{ p: … }`. */
export async function callApi<T = Record<string, unknown>>(
  cfg: MediaIdConfig,
  accessToken: string,
  call: MediaIdCall,
  args: Record<string, unknown> = {},
): Promise<T> {
  const res = await fetch(`${cfg.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${call}`, {
    method: 'POST',
    headers: { apikey: cfg.anonKey, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, string | null>;
  if (!res.ok) throw new MediaIdApiError(res.status, body.message ?? 'error', body.details ?? null, body.hint ?? null);
  return body as T;
}
