/**
 * MediaID API test helpers: developers who register apps, fans with MediaIDs who grant them,
 * MediaID access tokens (what the mediaid-token endpoint issues after a code exchange) and calls to
 * the MediaID API (the mediaid-api resource server). Also Supabase's own OAuth access token — the
 * claim set the local auth server issues plus `client_id`, `scope` and the OAuth session, exactly
 * what Supabase Auth's OAuth 2.1 server would hand an app that redeemed a code at Supabase — to
 * prove that such a token, should one ever leave, still reaches nothing (the fence).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { clientOptions, createUserClient, uniqueEmail, type LocalBackend } from '../helpers/backend';

export type Actor = { client: SupabaseClient; user: User; accessToken: string };
export type Role = 'fan' | 'artist' | 'brand' | 'developer';

/** A signed-in user holding a MediaID for each role (privacy settings merged over the defaults). */
export async function person(
  backend: LocalBackend,
  roles: Role[],
  privacy: Record<string, boolean> = {},
  tag = 'mediaid',
): Promise<Actor> {
  const made = await createUserClient(backend, uniqueEmail(tag), 'mediaid-pass-1', { role: roles[0] });
  for (const role of roles) {
    const { error } = await made.client.from('media_ids').insert({
      user_uuid: made.user.id,
      role,
      interests: ['vinyl', 'live shows'],
      genre_preferences: [`${role}-jazz`, 'soul'],
      location_code: 'GB',
      content_flags: { mood: 'calm' },
      privacy_settings: {
        data_sharing: true,
        location_access: true,
        audio_capture: false,
        anonymous_logging: false,
        marketing_communications: false,
        ...privacy,
      },
    });
    if (error) throw new Error(`${role} MediaID: ${error.message}`);
  }
  return made;
}

/** Registers an app as the portal does (the register-app function: OAuth client + developer_apps row); its client_id. */
export async function registerApp(dev: Actor, scopes: string[], name = 'Crate Finder'): Promise<string> {
  const { data, error } = await dev.client.functions.invoke('register-app', {
    body: { name, redirect_uris: ['https://cratefinder.app/callback'], scopes },
  });
  if (error) throw new Error(`register app: ${error.message}`);
  return (data as { app: { client_id: string } }).app.client_id;
}

/** The user grants the app (as the consent screen will). */
export async function grant(user: Actor, clientId: string, role: Role, scopes: string[]) {
  return user.client
    .from('mediaid_grants')
    .insert({ user_id: user.user.id, client_id: clientId, role, scopes })
    .select()
    .single();
}

/** The user revokes the app (as 'Connected apps' will). */
export async function revoke(user: Actor, clientId: string) {
  return user.client
    .from('mediaid_grants')
    .update({ revoked_at: new Date().toISOString() })
    .eq('user_id', user.user.id)
    .eq('client_id', clientId)
    .select()
    .single();
}

/** A live Auth session for `user`, as Supabase Auth's code exchange creates one; its id. */
async function authSession(backend: LocalBackend, user: User): Promise<string> {
  const sessionId = randomUUID();
  await backend.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
  return sessionId;
}

/**
 * A MediaID access token for `user` issued to `clientId`, bound to a fresh Auth session, as the
 * mediaid-token endpoint issues it after Supabase exchanged the code (the API answers only while
 * that session exists and the grant is live). `expiresIn` ≤ 0 gives an expired one.
 */
export async function mediaidToken(
  backend: LocalBackend,
  user: User,
  clientId: string,
  expiresIn = 3600,
): Promise<string> {
  const sessionId = await authSession(backend, user);
  const { rows } = await backend.query('select private.mediaid_issue(gen_random_uuid(), $1, $2, $3) as pair', [
    clientId,
    user.id,
    sessionId,
  ]);
  const token = (rows[0] as { pair: { access_token: string } }).pair.access_token;
  if (expiresIn <= 0) {
    await backend.query(
      'update private.mediaid_tokens set expires_at = now() + make_interval(secs => $2) where token_hash = private.mediaid_hash($1)',
      [token, expiresIn],
    );
  }
  return token;
}

/** The spec's MediaID API calls → the resource server's method and path. */
export const API_CALLS = {
  api_users_me: ['GET', '/v1/users/me'],
  api_get_preferences: ['GET', '/v1/preferences'],
  api_put_preferences: ['PUT', '/v1/preferences'],
  api_post_event: ['POST', '/v1/events'],
  api_get_analytics: ['GET', '/v1/analytics'],
} as const;
export type ApiCall = keyof typeof API_CALLS;

export interface ApiAnswer {
  status: number;
  data: Record<string, unknown> | null;
  /** RFC 6750: `error` (invalid_token, insufficient_scope, invalid_request), `error_description`, `scope` */
  error: { error: string; error_description?: string; scope?: string } | null;
  challenge: string | null;
}

/** One MediaID API call as an app makes it: `Authorization: Bearer <MediaID access token>`. */
export async function apiCall(
  backend: LocalBackend,
  token: string | null,
  call: ApiCall,
  body?: Record<string, unknown>,
): Promise<ApiAnswer> {
  const [method, path] = API_CALLS[call];
  const res = await fetch(`${backend.url}/functions/v1/mediaid-api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const challenge = res.headers.get('WWW-Authenticate');
  if (res.ok) return { status: res.status, data: json, error: null, challenge };
  return { status: res.status, data: null, error: json as ApiAnswer['error'], challenge };
}

/**
 * Supabase Auth's OAuth access token for `user` issued to `clientId` (a JWT with client_id), in a
 * live Auth session. Apps never receive one (mediaid-token keeps them); the fence tests prove one
 * would still reach no table, RPC, storage or realtime topic.
 */
export async function supabaseAppToken(
  backend: LocalBackend,
  user: User,
  clientId: string,
  expiresIn = 3600,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const sessionId = await authSession(backend, user);
  return new SignJWT({
    aud: 'authenticated',
    exp: iat + expiresIn,
    iat,
    iss: `${backend.url}/auth/v1`,
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'oauth', timestamp: iat }],
    session_id: sessionId,
    is_anonymous: false,
    client_id: clientId,
    scope: 'openid email profile',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(backend.jwtSecret));
}

/** supabase-js as a third-party app uses it: the anon key plus the app's bearer token. */
export function appClient(backend: LocalBackend, token: string): SupabaseClient {
  return createClient(backend.url, backend.anonKey, { ...clientOptions(), accessToken: async () => token });
}
