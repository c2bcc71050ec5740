// /auto-route re-reads the profile right after sign-in. The read the sign-in started is
// still under way then (or just ended); refresh() must use it, not start a second one that discards
// the first and makes the route guard wait for another round trip.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createIdentityStore } from '../../../src/features/auth/identity-store';
import type { AppSupabaseClient } from '../../../src/lib/supabase';
import { clientOptions, createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await backend.stop();
});

it("refresh() during the sign-in's profile read joins it: one read, and the profile is known", async () => {
  const email = uniqueEmail('refresh');
  const password = 'secret-password-1';
  await createUserClient(backend, email, password, { role: 'fan' });
  // The store listens for `online` on window; Node has none.
  vi.stubGlobal('window', new EventTarget());
  const profileReads: string[] = [];
  const client = createClient(backend.url, backend.anonKey, {
    ...clientOptions(),
    global: {
      fetch: (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('/rest/v1/profiles')) profileReads.push(url);
        return fetch(input, init);
      },
    },
  }) as unknown as AppSupabaseClient;
  const store = createIdentityStore(client, { getItem: () => null, removeItem: () => undefined });
  const stop = store.start();
  try {
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    // The sign-in's read starts on the next tick; /auto-route's refresh comes right after.
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(profileReads).toHaveLength(1);
    await store.refresh();
    expect(profileReads).toHaveLength(1);
    // A new device (no local rows): the guard decides on the read that refresh() waited for.
    store.setLocal(store.getSnapshot().user!.id, { profile: null, mediaIds: [] });
    expect(store.getSnapshot().profile.loading).toBe(false);
    // Just after it ended, it still counts (no second round trip on the way to the dashboard)...
    await store.refresh();
    expect(profileReads).toHaveLength(1);
    // ...but a refresh seconds later reads again.
    const realNow = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(realNow + 2_500);
    await store.refresh();
    expect(profileReads).toHaveLength(2);
  } finally {
    stop();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  }
});
