import { createContext, useContext, useEffect } from 'react';
import type { AuthSession, AuthUser, ProfileRoutingState } from '@/lib/auth-state';
import { USE_AUTH_OUTSIDE_PROVIDER } from './auth-errors';
import type { IdentityStore } from './identity-store';

export interface AuthContextValue {
  user: AuthUser | null;
  session: AuthSession | null;
  /** True until the session has been read. */
  loading: boolean;
  profile: ProfileRoutingState;
  /** The Supabase-backed store; null when an in-memory source drives the app (e2e harness). */
  identity: IdentityStore | null;
  /** Starts loading the identity store if it is loaded lazily (see deferred-auth-source.ts). */
  activate(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useAuthPassive();
  const { activate } = value;
  // A screen that reads auth state needs the identity store: load it now rather than on idle.
  useEffect(() => activate(), [activate]);
  return value;
}

/** The auth context without asking for the identity store to load (for app-level wiring only). */
export function useAuthPassive(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return value;
}
