/**
 * The auth/profile state the route guard and pages read.
 * It is an interface so the shell does not know where it comes from: the identity feature provides the
 * Supabase-backed source; tests and the e2e harness use the in-memory source below.
 */
import type { Role } from './roles';

export interface AuthUser {
  id: string;
  email?: string | null;
  user_metadata?: Record<string, unknown>;
  /** As GoTrue answers it (ISO); the greeting tells a brand-new account from a returning one. */
  created_at?: string;
}

export interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_at?: number;
  user: AuthUser;
}

export type RoleSetupStatus = 'ready' | 'setup-required';

export interface ProfileRoutingState {
  hasCompletedOnboarding: boolean;
  selectedRole: Role;
  hasMediaID: boolean;
  hasRoleSpecificMediaID: boolean;
  availableRoles: Role[];
  loading: boolean;
  databaseAvailable: boolean;
  needsProfileCreation: boolean;
  roleSetupStatuses: Partial<Record<Role, RoleSetupStatus>>;
}

export interface AuthSnapshot {
  user: AuthUser | null;
  session: AuthSession | null;
  /** True until the session has been read. */
  loading: boolean;
  profile: ProfileRoutingState;
}

/** The same user as far as screens can tell (id, email, metadata), whichever object holds them. */
export function sameUser(a: AuthUser, b: AuthUser): boolean {
  return a.id === b.id && a.email === b.email && JSON.stringify(a.user_metadata) === JSON.stringify(b.user_metadata);
}

export interface AuthStateSource {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): () => void;
  /** A lazily loaded source starts loading now (a screen needs the auth state). Idempotent. */
  activate?(): void;
}

export const EMPTY_PROFILE: ProfileRoutingState = {
  hasCompletedOnboarding: false,
  selectedRole: 'fan',
  hasMediaID: false,
  hasRoleSpecificMediaID: false,
  availableRoles: ['fan'],
  loading: false,
  databaseAvailable: true,
  needsProfileCreation: false,
  roleSetupStatuses: {},
};

export const SIGNED_OUT: AuthSnapshot = { user: null, session: null, loading: false, profile: EMPTY_PROFILE };

export interface MemoryAuthSource extends AuthStateSource {
  set(next: Partial<Omit<AuthSnapshot, 'profile'>> & { profile?: Partial<ProfileRoutingState> }): void;
}

/** In-memory auth state: unit tests, the e2e harness (window.__BUCKET_TEST_AUTH__) and demos. */
export function createMemoryAuthSource(initial?: Parameters<MemoryAuthSource['set']>[0]): MemoryAuthSource {
  let snapshot: AuthSnapshot = SIGNED_OUT;
  const listeners = new Set<() => void>();
  const source: MemoryAuthSource = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      snapshot = { ...snapshot, ...next, profile: { ...snapshot.profile, ...next.profile } };
      listeners.forEach((listener) => listener());
    },
  };
  if (initial) source.set(initial);
  return source;
}
