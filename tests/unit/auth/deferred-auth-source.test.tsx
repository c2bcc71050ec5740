// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { createDeferredAuthSource } from '../../../src/features/auth/deferred-auth-source';
import type { IdentityStore } from '../../../src/features/auth/identity-store';
import { EMPTY_PROFILE, type AuthSnapshot } from '../../../src/lib/auth-state';
import { AUTH_STORAGE_KEY } from '../../../src/lib/auth-storage-key';
import { AuthStateContext, useAuthUser } from '../../../src/lib/use-auth-snapshot';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user = { id: 'user-1', email: 'fan@example.test' };
const stored = { access_token: 'a', refresh_token: 'r', user };
const storage = { getItem: (key: string) => (key === AUTH_STORAGE_KEY ? JSON.stringify(stored) : null) };

/** The parts of the identity store the source uses: a snapshot and its listeners, set by hand. */
function fakeStore() {
  let snapshot: AuthSnapshot = { user: null, session: null, loading: true, profile: EMPTY_PROFILE };
  const listeners = new Set<() => void>();
  const store = {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as IdentityStore;
  return {
    store,
    report(next: AuthSnapshot) {
      snapshot = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

const started: AuthSnapshot = {
  user: { ...user },
  session: { ...stored, user: { ...user } },
  loading: false,
  profile: { ...EMPTY_PROFILE, loading: true },
};

describe('the deferred auth source', () => {
  it('answers with the stored session until the identity store reports its first state', async () => {
    const fake = fakeStore();
    const source = createDeferredAuthSource(() => Promise.resolve(fake.store), storage);
    const seen: (string | null)[] = [];
    source.subscribe(() => seen.push(source.getSnapshot().user?.id ?? null));
    expect(source.getSnapshot()).toMatchObject({ user: { id: 'user-1' }, loading: true });
    source.activate();
    await source.identity;
    // Loaded but not started (no user, loading): the stored session still answers, nobody is told.
    expect(source.getSnapshot().user?.id).toBe('user-1');
    expect(seen).toEqual([]);
    fake.report(started);
    expect(source.getSnapshot()).toBe(started);
    expect(seen).toEqual(['user-1']);
    // A sign-out after that reaches listeners that subscribed early and late.
    const late: (string | null)[] = [];
    source.subscribe(() => late.push(source.getSnapshot().user?.id ?? null));
    fake.report({ user: null, session: null, loading: false, profile: EMPTY_PROFILE });
    expect(seen).toEqual(['user-1', null]);
    expect(late).toEqual([null]);
  });

  it("keeps the user object screens show while the store's user has the same fields", async () => {
    const fake = fakeStore();
    const source = createDeferredAuthSource(() => Promise.resolve(fake.store), storage);
    const container = document.createElement('div');
    const root = createRoot(container);
    const renders: unknown[] = [];
    function Name() {
      const shown = useAuthUser();
      renders.push(shown);
      return <p>{shown?.email}</p>;
    }
    act(() =>
      root.render(
        <AuthStateContext.Provider value={source}>
          <Name />
        </AuthStateContext.Provider>,
      ),
    );
    await act(async () => {
      await source.identity;
    });
    act(() => fake.report(started));
    expect(renders).toHaveLength(1);
    act(() => fake.report({ ...started, user: { ...user, email: 'new@example.test' } }));
    expect(container.textContent).toBe('new@example.test');
    act(() => fake.report({ ...started, user: null }));
    expect(container.textContent).toBe('');
    act(() => root.unmount());
  });
});
