/**
 * MediaID API test helpers: developers who register apps, fans with MediaIDs who grant them, and
 * third-party app access tokens — the claim set the local auth server issues (auth/service.ts)
 * plus `client_id`, `scope` and the OAuth session, signed with the backend's JWT secret, exactly
 * what Supabase Auth's OAuth 2.1 server hands an app.
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

/**
 * An OAuth access token for `user` issued to `clientId`, in a live Auth session as the OAuth
 * server makes one (the MediaID API answers only while that session exists).
 */
export async function appToken(backend: LocalBackend, user: User, clientId: string, expiresIn = 3600): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const sessionId = randomUUID();
  await backend.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
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
