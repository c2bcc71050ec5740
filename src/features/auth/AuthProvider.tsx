import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthStateSource } from '@/lib/auth-state';
import { AuthStateContext, useAuthState } from '@/lib/use-auth-snapshot';
import { AuthContext, type AuthContextValue } from './AuthContext';
import type { IdentityStore } from './identity-store';
import { markReturning } from './returning-visitor';

/**
 * Provides user, session and loading and feeds the same state to the route guard.
 * `identity` may still be loading (its chunk is fetched after start-up); the tree stays the same.
 */
export function AuthProvider({
  source,
  identity,
  children,
}: {
  source: AuthStateSource;
  identity: IdentityStore | Promise<IdentityStore> | null;
  children: ReactNode;
}) {
  const [store, setStore] = useState<IdentityStore | null>(identity instanceof Promise ? null : identity);
  useEffect(() => {
    if (!(identity instanceof Promise)) return undefined;
    let active = true;
    // A transition: every screen reading useAuth() renders again with the store, in slices.
    void identity.then((loaded) => active && startTransition(() => setStore(loaded)));
    return () => {
      active = false;
    };
  }, [identity]);
  useEffect(() => store?.start(), [store]);
  const snapshot = useAuthState(source);
  const userId = snapshot.user?.id;
  // Someone signed in on this device: the sign-in form greets them back next time.
  useEffect(() => {
    if (userId) markReturning(window.localStorage);
  }, [userId]);
  const activate = useCallback(() => source.activate?.(), [source]);
  const value = useMemo<AuthContextValue>(
    () => ({ ...snapshot, identity: store, activate }),
    [snapshot, store, activate],
  );
  return (
    <AuthStateContext.Provider value={source}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </AuthStateContext.Provider>
  );
}
