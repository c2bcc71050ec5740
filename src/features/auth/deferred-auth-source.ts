/**
 * An AuthStateSource that answers at once and hands over to the identity store when its chunk
 * has loaded; the chunk is fetched on the first `activate()` (a screen needs auth, or idle time). Until then: a stored session means "signed in, still loading" (guards show their
 * loading text instead of bouncing a signed-in user to /welcome); no stored session means
 * "signed out" for public pages but still loading for guarded ones, so nothing redirects early.
 */
import { EMPTY_PROFILE, type AuthSnapshot, type AuthStateSource } from '@/lib/auth-state';
import { AUTH_STORAGE_KEY } from '@/lib/auth-storage-key';
import type { IdentityStore } from './identity-store';
import { readStoredSession } from '@/lib/stored-session';

export interface DeferredAuthSource extends AuthStateSource {
  /** The identity store once loaded (loading starts with the first `activate()`). */
  readonly identity: Promise<IdentityStore>;
  activate(): void;
}

export function createDeferredAuthSource(
  load: () => Promise<IdentityStore>,
  storage: Pick<Storage, 'getItem'>,
): DeferredAuthSource {
  const stored = readStoredSession(storage, AUTH_STORAGE_KEY);
  const initial: AuthSnapshot = {
    user: stored?.user ?? null,
    session: stored,
    loading: true,
    profile: { ...EMPTY_PROFILE, loading: true },
  };
  let delegate: IdentityStore | null = null;
  // The store answers once it has reported its first state (it starts unstarted: no user, loading,
  // which says less than the stored session above); until then this source keeps `initial`, so
  // screens do not go from the stored user to no user and back while it starts.
  let started = false;
  // Listeners that subscribed before the store loaded, with their subscription to it once it has.
  const early = new Map<() => void, (() => void) | null>();
  let startLoading: () => void = () => undefined;
  const identity = new Promise<void>((resolve) => {
    startLoading = resolve;
  })
    .then(load)
    .then((store) => {
      delegate = store;
      const stopWatching = store.subscribe(() => {
        stopWatching();
        started = true;
      });
      for (const listener of early.keys()) early.set(listener, store.subscribe(listener));
      return store;
    });
  return {
    identity,
    activate: () => startLoading(),
    getSnapshot: () => (delegate && started ? delegate.getSnapshot() : initial),
    subscribe(listener) {
      if (delegate) return delegate.subscribe(listener);
      early.set(listener, null);
      return () => {
        early.get(listener)?.();
        early.delete(listener);
      };
    },
  };
}
