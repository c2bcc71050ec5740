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
