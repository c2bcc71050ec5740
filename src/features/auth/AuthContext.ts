import { createContext, useContext } from 'react';
import type { AuthSession, AuthUser, ProfileRoutingState } from '../../lib/auth-state';
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
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return value;
}
