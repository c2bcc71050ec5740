// The identity store after an offline reload: the stored session counts at once, the profile stays
// loading until the user's local rows are read, and a late "no local rows" report for an earlier
// render (no user yet) cannot make the guard decide on the offline answer alone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdentityStore } from '../../../src/features/auth/identity-store';
import type { MediaIdRecord, ProfileRecord } from '../../../src/features/mediaid/build-media-id';
import { DEFAULT_PRIVACY } from '../../../src/features/mediaid/constants';
import { AUTH_STORAGE_KEY } from '../../../src/lib/auth-storage-key';
import { decideGuard } from '../../../src/lib/guard';
import type { AppSupabaseClient } from '../../../src/lib/supabase';

const USER_ID = 'user-1';
const NOW = '2026-11-20T00:00:00.000Z';
const storedSession = JSON.stringify({
  access_token: 'token',
  refresh_token: 'refresh',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: { id: USER_ID, email: 'fan@example.test', user_metadata: { role: 'fan' } },
});

function fakeClient(): AppSupabaseClient {
  const fail = () => Promise.reject(new TypeError('Failed to fetch'));
  // Every request fails as it does offline (a thenable builder like postgrest-js's).
  const query = {
    select: () => query,
    eq: () => query,
    single: fail,
    then: (_: unknown, reject: (e: unknown) => void) => fail().catch(reject),
  };
  return {
    auth: {
      onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
      getSession: () => Promise.resolve({ data: { session: null }, error: null }),
    },
    from: () => query,
  } as unknown as AppSupabaseClient;
}

const mediaId = (role: 'fan' | 'brand'): MediaIdRecord => ({
  id: `${USER_ID}|${role}`,
  user_uuid: USER_ID,
  role,
  interests: ['a', 'b', 'c'],
  genre_preferences: [],
  location_code: null,
  content_flags: {},
  privacy_settings: { ...DEFAULT_PRIVACY, location_access: role === 'brand' },
  version: 1,
  is_active: true,
  created_at: NOW,
  updated_at: NOW,
});
const brandProfile: ProfileRecord = {
  id: USER_ID,
  display_name: null,
  role: 'brand',
  email_verified: false,
  onboarding_completed: true,
  created_at: NOW,
  updated_at: NOW,
};

/** A store started on a device holding the stored session, offline. */
function startStore() {
  const storage = { getItem: (key: string) => (key === AUTH_STORAGE_KEY ? storedSession : null), removeItem: vi.fn() };
  const store = createIdentityStore(fakeClient(), storage);
  return { store, stop: store.start() };
}

const brandDashboard = { requireAuth: true, requireOnboarding: true, allowedRoles: ['brand', 'admin'] as const };

describe('identity store: offline reload with a role set up offline', () => {
  beforeEach(() => {
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('navigator', { onLine: false });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the local rows, then lets them decide (brand allowed)', async () => {
    const { store, stop } = startStore();
    // The sync bridge's effect for a render before the session was read reports for nobody /
    // for another user: it must not clear what this user is waiting for.
    store.setLocal('someone-else', null);
    await new Promise((r) => setTimeout(r, 10)); // the (offline) server lookup has answered

    const waiting = store.getSnapshot();
    expect(waiting.user?.id).toBe(USER_ID);
    expect(waiting.profile.loading).toBe(true);
    expect(decideGuard(waiting, brandDashboard)).toEqual({ kind: 'loading', text: 'Loading your profile...' });

    store.setLocal(USER_ID, { profile: brandProfile, mediaIds: undefined });
    expect(store.getSnapshot().profile.loading).toBe(true);
    store.setLocal(USER_ID, { profile: brandProfile, mediaIds: [mediaId('fan'), mediaId('brand')] });
    const ready = store.getSnapshot();
    expect(ready.profile).toMatchObject({ loading: false, selectedRole: 'brand' });
    expect(ready.profile.availableRoles).toEqual(expect.arrayContaining(['fan', 'brand']));
    expect(decideGuard(ready, brandDashboard)).toEqual({ kind: 'allow' });
    stop();
  });

  it('tells no one when the same rows are read again: every auth reader re-renders synchronously', async () => {
    const { store, stop } = startStore();
    await new Promise((r) => setTimeout(r, 10)); // the (offline) server lookup has answered
    store.setLocal(USER_ID, { profile: brandProfile, mediaIds: [mediaId('fan'), mediaId('brand')] });
    const ready = store.getSnapshot();
    const notified = vi.fn();
    store.subscribe(notified);

    // The live queries emit again with equal rows (new objects), a preferred role that is no change.
    store.setLocal(USER_ID, { profile: { ...brandProfile }, mediaIds: [mediaId('fan'), mediaId('brand')] });
    store.setPreferredRole(null);
    expect(notified).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(ready);

    // A change to what routing reads is told, once.
    store.setLocal(USER_ID, { profile: { ...brandProfile, onboarding_completed: false }, mediaIds: [mediaId('fan')] });
    expect(notified).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().profile.hasCompletedOnboarding).toBe(false);
    expect(store.getSnapshot().user).toBe(ready.user);
    stop();
  });
});
