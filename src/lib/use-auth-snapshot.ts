import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { sameUser, type AuthSnapshot, type AuthStateSource } from './auth-state';
import { useStoreValue } from './use-store-value';

export const AuthStateContext = createContext<AuthStateSource | null>(null);

/**
 * Whether an auth change must render at once. Every change does (a sign-in or sign-out, a role
 * switch, a finished onboarding: screens and guards must not lag behind the router, which reads
 * the source directly), except one that lands while the state is still loading for the same user:
 * start-up, when the session and then the profile are read. That one renders as a transition, in
 * interruptible slices; guards and screens show their loading state until it commits.
 */
export function isUrgentAuthChange(previous: AuthSnapshot, next: AuthSnapshot): boolean {
  if ((previous.user?.id ?? null) !== (next.user?.id ?? null)) return true;
  return !(previous.loading || previous.profile.loading);
}

/** The auth state of `source` as React state (see `isUrgentAuthChange` for when it renders). */
export function useAuthState(source: AuthStateSource): AuthSnapshot {
  return useStoreValue(source.subscribe, source.getSnapshot, isUrgentAuthChange);
}

/** The current auth/profile state from whichever source main.tsx installed. */
export function useAuthSnapshot(): AuthSnapshot {
  const source = useContext(AuthStateContext);
  if (!source) throw new Error('useAuthSnapshot must be used inside AuthStateContext');
  useEffect(() => source.activate?.(), [source]);
  return useAuthState(source);
}

/** The same state without asking for the identity store to load (app-wide chrome watching for a user). */
export function useAuthSnapshotPassive(): AuthSnapshot {
  const source = useContext(AuthStateContext);
  if (!source) throw new Error('useAuthSnapshot must be used inside AuthStateContext');
  return useAuthState(source);
}

/**
 * Only the signed-in user (same object while the session stays): a page that shows the user's name
 * does not re-render on every profile or routing change, e.g. while a first sync lands rows.
 */
export function useAuthUser(): AuthSnapshot['user'] {
  const source = useContext(AuthStateContext);
  if (!source) throw new Error('useAuthUser must be used inside AuthStateContext');
  useEffect(() => source.activate?.(), [source]);
  // The stored session's user and the identity store's are different objects for the same user:
  // keep the one already shown while it is the same user (no re-render at start-up).
  const shown = useRef<AuthSnapshot['user']>(null);
  const selectUser = () => {
    const user = source.getSnapshot().user;
    if (!(user && shown.current && sameUser(user, shown.current))) shown.current = user;
    return shown.current;
  };
  return useSyncExternalStore(source.subscribe, selectUser, selectUser);
}
