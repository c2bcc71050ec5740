/** Fan accounts for e2e tests, made through the local backend's APIs (no browser involved). */
import { expect } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys';
import { mediaIdKey } from '../../sync/writes/media-id-defaults';
import { seedSampleFan } from './helpers';

const BACKEND = process.env.E2E_BACKEND_URL ?? 'http://127.0.0.1:54321';
/** Unique per test file run: e-mail addresses never collide with an earlier run's. */
export const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A fan account made through the backend's APIs, and its stored session (as the app keeps it). */
export interface SeededFan {
  email: string;
  password: string;
  session: string;
}

/** Signs a fan up through the backend's APIs with the sample fan's rows (optionally with profile + MediaID). */
export async function seedFan(label: string, onboarded: boolean, { sampleLocker = true } = {}): Promise<SeededFan> {
  const stored = new Map<string, string>();
  const client = createClient(BACKEND, LOCAL_ANON_KEY, {
    // ws's constructor type differs from realtime-js's WebSocketLike only in its overloads.
    realtime: { transport: ws as never },
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      storageKey: 'bucket-auth',
      storage: {
        getItem: (key) => stored.get(key) ?? null,
        setItem: (key, value) => void stored.set(key, value),
        removeItem: (key) => void stored.delete(key),
      },
    },
  });
  const email = `${label}-${run}@example.test`;
  const password = 'secret-pass-1';
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: { role: 'fan' } },
  });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no user'}`);
  // The locker and calendar these tests load (sign-up creates none); without it, a brand-new fan's
  // empty locker and the server's own calendar.
  if (sampleLocker) await seedSampleFan(data.user.id);
  if (onboarded) {
    const userId = data.user.id;
    const now = new Date().toISOString();
    const profile = await client
      .from('profiles')
      .upsert({ id: userId, role: 'fan', onboarding_completed: true, created_at: now, updated_at: now });
    expect(profile.error).toBeNull();
    const mediaId = await client.from('media_ids').upsert({
      id: mediaIdKey(userId, 'fan'),
      user_uuid: userId,
      role: 'fan',
      interests: ['Discovering new music', 'Underground scenes', 'Exclusive content'],
      genre_preferences: ['Jazz'],
      location_code: 'US',
      created_at: now,
      updated_at: now,
    });
    expect(mediaId.error).toBeNull();
  }
  const session = stored.get('bucket-auth');
  if (!session) throw new Error('no session stored');
  return { email, password, session };
}
