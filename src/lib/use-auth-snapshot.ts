import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { AuthSnapshot, AuthStateSource } from './auth-state';

export const AuthStateContext = createContext<AuthStateSource | null>(null);

/** The current auth/profile state from whichever source main.tsx installed. */
export function useAuthSnapshot(): AuthSnapshot {
  const source = useContext(AuthStateContext);
  if (!source) throw new Error('useAuthSnapshot must be used inside AuthStateContext');
  useEffect(() => source.activate?.(), [source]);
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}

/** The same state without asking for the identity store to load (app-wide chrome watching for a user). */
export function useAuthSnapshotPassive(): AuthSnapshot {
  const source = useContext(AuthStateContext);
  if (!source) throw new Error('useAuthSnapshot must be used inside AuthStateContext');
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}

/**
 * Only the signed-in user (same object while the session stays): a page that shows the user's name
 * does not re-render on every profile or routing change, e.g. while a first sync lands rows.
 */
export function useAuthUser(): AuthSnapshot['user'] {
  const source = useContext(AuthStateContext);
  if (!source) throw new Error('useAuthUser must be used inside AuthStateContext');
  useEffect(() => source.activate?.(), [source]);
  const selectUser = () => source.getSnapshot().user;
  return useSyncExternalStore(source.subscribe, selectUser, selectUser);
}
