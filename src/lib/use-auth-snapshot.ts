import { createContext, useCallback, useContext, useEffect } from 'react';
import type { AuthSnapshot, AuthStateSource } from './auth-state';
import { useStoreValue } from './use-store-value';

export const AuthStateContext = createContext<AuthStateSource | null>(null);

/** The current auth/profile state from whichever source main.tsx installed. */
export function useAuthSnapshot(): AuthSnapshot {
  const source = useContext(AuthStateContext);
  if (!source) throw new Error('useAuthSnapshot must be used inside AuthStateContext');
  useEffect(() => source.activate?.(), [source]);
  return useStoreValue(source.subscribe, source.getSnapshot);
}

/** The same state without asking for the identity store to load (app-wide chrome watching for a user). */
export function useAuthSnapshotPassive(): AuthSnapshot {
  const source = useContext(AuthStateContext);
  if (!source) throw new Error('useAuthSnapshot must be used inside AuthStateContext');
  return useStoreValue(source.subscribe, source.getSnapshot);
}

/**
 * Only the signed-in user (same object while the session stays): a page that shows the user's name
 * does not re-render on every profile or routing change, e.g. while a first sync lands rows.
 */
export function useAuthUser(): AuthSnapshot['user'] {
  const source = useContext(AuthStateContext);
  if (!source) throw new Error('useAuthUser must be used inside AuthStateContext');
  useEffect(() => source.activate?.(), [source]);
  const selectUser = useCallback(() => source.getSnapshot().user, [source]);
  return useStoreValue(source.subscribe, selectUser);
}
