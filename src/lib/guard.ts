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

export function decideGuard(state: AuthSnapshot, flags: GuardFlags = {}): GuardDecision {
  const requireAuth = flags.requireAuth ?? true;
  if (!requireAuth && !flags.requireOnboarding && !flags.allowedRoles) return { kind: 'allow' };
  if (state.loading) return { kind: 'loading', text: 'Loading...' };
  if (!state.user) return requireAuth ? { kind: 'redirect', to: '/welcome' } : { kind: 'allow' };
  if (state.profile.loading) return { kind: 'loading', text: 'Loading your profile...' };
  const { profile } = state;
  if (flags.requireOnboarding && profile.databaseAvailable && !(profile.hasCompletedOnboarding && profile.hasMediaID)) {
    return { kind: 'redirect', to: '/onboarding' };
  }
  // The dashboards allow their own role and admin.
  if (flags.allowedRoles && !flags.allowedRoles.includes(profile.selectedRole)) {
    return { kind: 'redirect', to: '/unauthorized' };
  }
  return { kind: 'allow' };
}

/**
 * Everything `decideGuard` reads, as one string; null while the session or profile loads. Two
 * snapshots with the same inputs get the same decision for every route.
 */
export function guardInputs(state: AuthSnapshot): string | null {
  if (state.loading || (state.user && state.profile.loading)) return null;
  if (!state.user) return 'signed-out';
  const { profile } = state;
  return [
    state.user.id,
    profile.selectedRole,
    profile.hasCompletedOnboarding,
    profile.hasMediaID,
    profile.databaseAvailable,
  ].join('|');
}
