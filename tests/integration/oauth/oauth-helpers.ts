/**
 * Shared steps of the OAuth 2.1 integration tests: a backend with a movable clock, a client
 * registered through supabase-js's admin API, and the browser's part of the flow (follow
 * /oauth/authorize, consent through supabase-js as the signed-in user) driven the way a
 * third-party app using oauth4webapi would.
 */
import * as oauth from 'oauth4webapi';
import type { SupabaseClient } from '@supabase/supabase-js';
import { serviceClient, withBackend, type LocalBackend, type LocalBackendOptions } from '../helpers/backend';

export const REDIRECT_URI = 'http://localhost:7777/callback';
export const CONSENT_PAGE = '/oauth/consent';
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export interface OAuthBackend {
  backend: LocalBackend;
  /** moves the OAuth clock (authorization/code expiry, refresh reuse window) forward */
  advance(ms: number): void;
}

export async function oauthBackend(opts: LocalBackendOptions = {}): Promise<OAuthBackend> {
  let skew = 0;
  const backend = await withBackend({
    siteUrl: 'http://localhost:4173',
    oauthServer: { enabled: true, authorizationUrlPath: CONSENT_PAGE, allowDynamicRegistration: false },
    clock: () => Date.now() + skew,
    ...opts,
  });
  return { backend, advance: (ms) => (skew += ms) };
}

/** The authorization server's metadata, discovered as an RFC 8414 client does. */
export async function discover(backend: LocalBackend): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(`${backend.url}/auth/v1`);
  const res = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure });
  return oauth.processDiscoveryResponse(issuer, res);
}

export interface RegisteredClient {
  client: oauth.Client;
  auth: oauth.ClientAuth;
  secret?: string;
}

/** Registers a client through supabase-js `auth.admin.oauth.createClient` (service role). */
export async function registerClient(
  backend: LocalBackend,
  kind: 'none' | 'client_secret_basic' | 'client_secret_post' = 'none',
  redirectUris: string[] = [REDIRECT_URI],
): Promise<RegisteredClient> {
  const { data, error } = await serviceClient(backend).auth.admin.oauth.createClient({
    client_name: 'Tape Deck',
    redirect_uris: redirectUris,
    token_endpoint_auth_method: kind,
  });
  if (error || !data) throw error ?? new Error('no client');
  const secret = data.client_secret;
  const auth =
    kind === 'none'
      ? oauth.None()
      : kind === 'client_secret_basic'
        ? oauth.ClientSecretBasic(secret!)
        : oauth.ClientSecretPost(secret!);
  return { client: { client_id: data.client_id }, auth, secret };
}

export interface Started {
  verifier: string;
  state: string;
  authorizationId: string;
}

/** The app's redirect to /oauth/authorize, followed like a browser: returns the consent page's authorization_id. */
export async function startAuthorization(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  extra: Record<string, string> = {},
): Promise<Started> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', REDIRECT_URI);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'email profile');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  const res = await fetch(url, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  const location = new URL(res.headers.get('location')!);
  if (location.pathname !== CONSENT_PAGE) throw new Error(`authorize redirected to ${location.toString()}`);
  return { verifier, state, authorizationId: location.searchParams.get('authorization_id')! };
}

/** The consent page approves with the user's supabase-js session; returns the redirect back to the app. */
export async function approve(user: SupabaseClient, authorizationId: string): Promise<URL> {
  const details = await user.auth.oauth.getAuthorizationDetails(authorizationId);
  if (details.error) throw details.error;
  if ('redirect_url' in details.data && details.data.redirect_url) return new URL(details.data.redirect_url);
  const { data, error } = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
  if (error) throw error;
  return new URL(data.redirect_url);
}

/** Code → tokens, as oauth4webapi does it (state checked, PKCE verifier sent). */
export async function exchange(
  as: oauth.AuthorizationServer,
  reg: RegisteredClient,
  callback: URL,
  started: Pick<Started, 'state' | 'verifier'>,
): Promise<oauth.TokenEndpointResponse> {
  const params = oauth.validateAuthResponse(as, reg.client, callback, started.state);
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    reg.client,
    reg.auth,
    params,
    REDIRECT_URI,
    started.verifier,
    insecure,
  );
  return oauth.processAuthorizationCodeResponse(as, reg.client, res);
}

/** The claims of a JWT (no verification: the tests read what the server put in). */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}
