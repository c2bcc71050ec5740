import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthStateSource } from '../../lib/auth-state';
import { AuthStateContext } from '../../lib/use-auth-snapshot';
import { AuthContext, type AuthContextValue } from './AuthContext';
import type { IdentityStore } from './identity-store';

/** Provides user, session and loading (spec §4) and feeds the same state to the route guard. */
export function AuthProvider({
  source,
  identity,
  children,
}: {
  source: AuthStateSource;
  identity: IdentityStore | null;
  children: ReactNode;
}) {
  useEffect(() => identity?.start(), [identity]);
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
  const value = useMemo<AuthContextValue>(() => ({ ...snapshot, identity }), [snapshot, identity]);
  return (
    <AuthStateContext.Provider value={source}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </AuthStateContext.Provider>
  );
}
