// The signed-in user keeps its object while it stays the same user with the same details (the
// stored session, then supabase-js's INITIAL_SESSION, then token refreshes): screens that show the
// user (useAuthUser) then do not render again for nothing. New details give a new object.
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createIdentityStore } from '../../../src/features/auth/identity-store';
import { AUTH_STORAGE_KEY } from '../../../src/lib/auth-storage-key';
import type { AppSupabaseClient } from '../../../src/lib/supabase';

const user = { id: 'user-1', email: 'fan@example.test', user_metadata: { role: 'fan' } };
const session = (token: string, metadata: Record<string, unknown> = user.user_metadata) =>
  ({
    access_token: token,
    refresh_token: 'refresh',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: { ...user, user_metadata: metadata },
  }) as unknown as Session;

beforeEach(() => {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', { onLine: false });
});
afterEach(() => vi.unstubAllGlobals());

it('keeps the user object across the same user’s sessions, and changes it with the details', async () => {
  let emit: (event: AuthChangeEvent, next: Session | null) => void = () => undefined;
  const client = {
    auth: {
      onAuthStateChange: (callback: typeof emit) => {
        emit = callback;
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
      getSession: () => Promise.resolve({ data: { session: null }, error: null }),
    },
  } as unknown as AppSupabaseClient;
  const stored = JSON.stringify(session('stored'));
  const store = createIdentityStore(client, {
    getItem: (key) => (key === AUTH_STORAGE_KEY ? stored : null),
    removeItem: () => undefined,
  });
  store.start();
  const first = store.getSnapshot().user;
  expect(first?.id).toBe('user-1');

  emit('INITIAL_SESSION', session('initial'));
  emit('TOKEN_REFRESHED', session('refreshed'));
  expect(store.getSnapshot().user).toBe(first);
  expect(store.getSnapshot().session?.access_token).toBe('refreshed');

  emit('USER_UPDATED', session('updated', { role: 'fan', display_name: 'Ana' }));
  expect(store.getSnapshot().user).not.toBe(first);
  expect(store.getSnapshot().user?.user_metadata).toEqual({ role: 'fan', display_name: 'Ana' });
  await new Promise((resolve) => setTimeout(resolve, 10)); // the (offline) profile lookups have run
});
