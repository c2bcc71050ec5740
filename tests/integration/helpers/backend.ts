/**
 * Shared integration-test helpers for the embedded local backend (stable API — other
 * suites import these). Invariants: every backend is in-memory on a free port and quiet;
 * clients never persist sessions; callers stop what they start.
 */
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { HARNESS_RATE_LIMITS, startLocalBackend, type LocalBackend, type LocalBackendOptions } from '../../../supabase/local/index';
import { migratedSnapshot } from './migrated-snapshot';

export type { LocalBackend, LocalBackendOptions } from '../../../supabase/local/index';

/**
 * Starts an in-memory backend on a free port (quiet). Remember to `await backend.stop()`.
 * Every test reaches it from 127.0.0.1, so the per-IP auth rate limits are lifted
 * (HARNESS_RATE_LIMITS; per-account limits stay on); auth-abuse.test.ts tests the real ones.
 * An in-memory backend starts from the run's migrated database (migrated-snapshot.ts).
 */
export async function withBackend(opts: LocalBackendOptions = {}): Promise<LocalBackend> {
  const snapshot = opts.dataDir ? undefined : migratedSnapshot();
  return startLocalBackend({ port: 0, quiet: true, rateLimits: HARNESS_RATE_LIMITS, snapshot, ...opts });
}

/**
 * Node 20 has no global WebSocket, and realtime-js throws at client creation without one. Tests
 * that subscribe bring `ws` as their transport (tests/integration/realtime/helpers.ts,
 * sync/devices.ts); for every other client this stand-in fails loudly if a channel is opened.
 */
class NoRealtimeSocket {
  constructor() {
    throw new Error('this client has no WebSocket: pass `ws` as realtime.transport to subscribe');
  }
}

/** Options for createClient against the local backend (Node-safe, no session storage). */
export function clientOptions() {
  const ws = (globalThis as { WebSocket?: unknown }).WebSocket;
  return {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: (ws ?? NoRealtimeSocket) as never },
  };
}

/** A supabase-js client with the anon key (no session). */
export function anonClient(backend: LocalBackend): SupabaseClient {
  return createClient(backend.url, backend.anonKey, clientOptions());
}

/** A supabase-js client with the service_role key (bypasses RLS). */
export function serviceClient(backend: LocalBackend): SupabaseClient {
  return createClient(backend.url, backend.serviceRoleKey, clientOptions());
}

/**
 * Signs the user up (or in, when the address is already registered) and returns a
 * signed-in client plus its user. With `emailConfirm: true` backends, confirm first.
 */
export async function createUserClient(
  backend: LocalBackend,
  email: string,
  password: string,
  data: Record<string, unknown> = {},
): Promise<{ client: SupabaseClient; user: User; accessToken: string }> {
  const client = anonClient(backend);
  const up = await client.auth.signUp({ email, password, options: { data } });
  if (up.error && up.error.code !== 'user_already_exists') throw up.error;
  let session = up.data.session;
  if (!session) {
    const inr = await client.auth.signInWithPassword({ email, password });
    if (inr.error) throw inr.error;
    session = inr.data.session;
  }
  if (!session?.user) throw new Error(`could not sign in ${email}`);
  return { client, user: session.user, accessToken: session.access_token };
}

/**
 * Creates a user whose artist MediaID exists (needed to upload content) and whose profile holds
 * a public name (needed to publish: 20261127100000_artist_profiles.sql); `name: null` leaves it unset.
 */
export async function createArtistClient(
  backend: LocalBackend,
  email: string,
  password: string,
  name: string | null = 'Test Artist',
): Promise<{ client: SupabaseClient; user: User; accessToken: string }> {
  const made = await createUserClient(backend, email, password, { role: 'artist' });
  const { error } = await made.client.from('media_ids').insert({ user_uuid: made.user.id, role: 'artist' });
  if (error && error.code !== '23505') throw new Error(`artist MediaID: ${error.message}`);
  if (name !== null) {
    const profile = await made.client.from('profiles').upsert({ id: made.user.id, display_name: name, role: 'artist' });
    if (profile.error) throw new Error(`artist profile: ${profile.error.message}`);
  }
  return made;
}

let counter = 0;
/** A unique e-mail address for a test run. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.test`;
}

/**
 * Seeds the spec's sample fan (tier 3, streak 5, calendar, six drops) for an existing account,
 * as sign-up did before issue 31; the server never does this by itself any more.
 */
export async function seedSampleFan(backend: LocalBackend, userId: string): Promise<void> {
  await backend.query('select public.generate_fan_sample(u.id, u.created_at) from auth.users u where u.id = $1', [userId]);
}
