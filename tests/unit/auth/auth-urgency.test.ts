import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE, SIGNED_OUT, type AuthSnapshot } from '../../../src/lib/auth-state';
import { isUrgentAuthChange } from '../../../src/lib/use-auth-snapshot';

const fan = { id: 'user-1', email: 'fan@example.test' };
const session = { access_token: 'a', refresh_token: 'r', user: fan };
const loaded: AuthSnapshot = {
  user: fan,
  session,
  loading: false,
  profile: { ...EMPTY_PROFILE, hasCompletedOnboarding: true, hasMediaID: true },
};
const startingUp: AuthSnapshot = { ...loaded, loading: true, profile: { ...EMPTY_PROFILE, loading: true } };
const profileLoading: AuthSnapshot = { ...loaded, profile: { ...EMPTY_PROFILE, loading: true } };

describe('which auth changes render at once', () => {
  it('start-up for the same user (session read, then the profile) renders as a transition', () => {
    expect(isUrgentAuthChange(startingUp, profileLoading)).toBe(false);
    expect(isUrgentAuthChange(profileLoading, loaded)).toBe(false);
    // The stored session's user and the identity store's are different objects for the same user.
    expect(isUrgentAuthChange(startingUp, { ...loaded, user: { ...fan } })).toBe(false);
  });

  it('a sign-out, a sign-in or another user is urgent, loading or not', () => {
    expect(isUrgentAuthChange(loaded, SIGNED_OUT)).toBe(true);
    expect(isUrgentAuthChange(startingUp, SIGNED_OUT)).toBe(true);
    expect(isUrgentAuthChange(SIGNED_OUT, loaded)).toBe(true);
    expect(isUrgentAuthChange(loaded, { ...loaded, user: { id: 'user-2' } })).toBe(true);
  });

  it('any change once loaded is urgent: a role switch, a finished onboarding', () => {
    expect(isUrgentAuthChange(loaded, { ...loaded, profile: { ...loaded.profile, selectedRole: 'artist' } })).toBe(
      true,
    );
    expect(isUrgentAuthChange(loaded, { ...loaded, profile: { ...loaded.profile, loading: true } })).toBe(true);
  });
});
