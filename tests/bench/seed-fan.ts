// A fan with a completed MediaID, created through the backend's APIs (GoTrue sign-up, then the
// profile and fan MediaID rows through PostgREST as that user), for the benches that open
// `/dashboard/fan` as a signed-in fan (lighthouse.bench.ts, dashboard-trace.ts); `completeOnboarding`
// also for first-screen.bench.ts.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys';
import { mediaIdKey } from '../../sync/writes/media-id-defaults';

/** The profile (onboarding completed) and MediaID rows of `role`, written as that user. */
export async function completeOnboarding(
  client: SupabaseClient,
  userId: string,
  role: 'fan' | 'artist' | 'brand' | 'developer',
): Promise<void> {
  const now = new Date().toISOString();
  const profile = await client
    .from('profiles')
    .upsert({ id: userId, role, onboarding_completed: true, created_at: now, updated_at: now });
  if (profile.error) throw new Error(`profile seed failed: ${profile.error.message}`);
  const mediaId = await client.from('media_ids').upsert({
    id: mediaIdKey(userId, role),
    user_uuid: userId,
    role,
    interests: ['Discovering new music', 'Underground scenes', 'Exclusive content'],
    genre_preferences: ['Jazz'],
    location_code: 'US',
    created_at: now,
    updated_at: now,
  });
  if (mediaId.error) throw new Error(`MediaID seed failed: ${mediaId.error.message}`);
}

/** A fan with a completed MediaID, created through the backend's APIs; returns the stored session. */
export async function seedFan(backendUrl: string, storageKey: string): Promise<string> {
  const stored = new Map<string, string>();
  const client = createClient(backendUrl, LOCAL_ANON_KEY, {
    // ws's constructor type differs from realtime-js's WebSocketLike only in its overloads.
    realtime: { transport: ws as never },
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      storageKey,
      storage: {
        getItem: (key) => stored.get(key) ?? null,
        setItem: (key, value) => void stored.set(key, value),
        removeItem: (key) => void stored.delete(key),
      },
    },
  });
  const email = `bench-fan-${Date.now().toString(36)}@example.test`;
  const { data, error } = await client.auth.signUp({
    email,
    password: 'bench-fan-pass-1',
    options: { data: { role: 'fan' } },
  });
  if (error || !data.user || !data.session) throw new Error(`fan sign-up failed: ${error?.message ?? 'no session'}`);
  await completeOnboarding(client, data.user.id, 'fan');
  const session = stored.get(storageKey);
  if (!session) throw new Error('supabase-js stored no session');
  return session;
}
