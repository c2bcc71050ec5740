/**
 * The route guard's decision as a pure function.
 * Flags: requireAuth (default on), requireOnboarding, allowedRoles.
 */
import type { AuthSnapshot } from './auth-state';
import type { Role } from './roles';

export interface GuardFlags {
  requireAuth?: boolean;
  requireOnboarding?: boolean;
  allowedRoles?: readonly Role[];
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'loading'; text: 'Loading your profile...' | 'Loading...' }
  | { kind: 'redirect'; to: '/welcome' | '/onboarding' | '/unauthorized' };

/**
 * Everything the guard decides on, read from a snapshot in this one place: `decideGuard` sees
 * nothing else, so two snapshots with the same facts get the same decision for every route.
 */
type GuardFacts =
  | { phase: 'loading' }
  | { phase: 'signed-out' }
  | { phase: 'profile-loading' }
  | {
      phase: 'ready';
      userId: string;
      selectedRole: Role;
      hasCompletedOnboarding: boolean;
      hasMediaID: boolean;
      databaseAvailable: boolean;
    };

function guardFacts(state: AuthSnapshot): GuardFacts {
  if (state.loading) return { phase: 'loading' };
  if (!state.user) return { phase: 'signed-out' };
  if (state.profile.loading) return { phase: 'profile-loading' };
  const { selectedRole, hasCompletedOnboarding, hasMediaID, databaseAvailable } = state.profile;
  return { phase: 'ready', userId: state.user.id, selectedRole, hasCompletedOnboarding, hasMediaID, databaseAvailable };
}

export function decideGuard(state: AuthSnapshot, flags: GuardFlags = {}): GuardDecision {
  const requireAuth = flags.requireAuth ?? true;
  if (!requireAuth && !flags.requireOnboarding && !flags.allowedRoles) return { kind: 'allow' };
  const facts = guardFacts(state);
  if (facts.phase === 'loading') return { kind: 'loading', text: 'Loading...' };
  if (facts.phase === 'signed-out') return requireAuth ? { kind: 'redirect', to: '/welcome' } : { kind: 'allow' };
  if (facts.phase === 'profile-loading') return { kind: 'loading', text: 'Loading your profile...' };
  if (flags.requireOnboarding && facts.databaseAvailable && !(facts.hasCompletedOnboarding && facts.hasMediaID)) {
    return { kind: 'redirect', to: '/onboarding' };
  }
  // The dashboards allow their own role and admin.
  if (flags.allowedRoles && !flags.allowedRoles.includes(facts.selectedRole)) {
    return { kind: 'redirect', to: '/unauthorized' };
  }
  return { kind: 'allow' };
}

/** The guard's facts as one string (see `guardFacts`); null while the session or profile loads. */
export function guardInputs(state: AuthSnapshot): string | null {
  const facts = guardFacts(state);
  return facts.phase === 'loading' || facts.phase === 'profile-loading' ? null : JSON.stringify(facts);
}
