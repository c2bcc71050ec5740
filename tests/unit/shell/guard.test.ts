import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE, SIGNED_OUT, type AuthSnapshot } from '../../../src/lib/auth-state';
import { decideGuard } from '../../../src/lib/guard';

const user = { id: 'u1', email: 'fan@example.com' };
function signedIn(profile: Partial<AuthSnapshot['profile']> = {}): AuthSnapshot {
  return {
    user,
    session: null,
    loading: false,
    profile: { ...EMPTY_PROFILE, hasCompletedOnboarding: true, hasMediaID: true, ...profile },
  };
}
const dashboard = (role: 'fan' | 'artist') => ({
  requireAuth: true,
  requireOnboarding: true,
  allowedRoles: [role, 'admin'] as const,
});

describe('route guard', () => {
  it('public pages need neither auth nor onboarding', () => {
    expect(decideGuard({ ...SIGNED_OUT, loading: true }, { requireAuth: false })).toEqual({ kind: 'allow' });
  });
  it("shows 'Loading...' while the session is read and 'Loading your profile...' while the profile loads", () => {
    expect(decideGuard({ ...SIGNED_OUT, loading: true })).toEqual({ kind: 'loading', text: 'Loading...' });
    expect(decideGuard(signedIn({ loading: true }))).toEqual({ kind: 'loading', text: 'Loading your profile...' });
  });
  it('requires authentication by default', () => {
    expect(decideGuard(SIGNED_OUT)).toEqual({ kind: 'redirect', to: '/welcome' });
    expect(decideGuard(signedIn())).toEqual({ kind: 'allow' });
  });
  it('sends users without completed onboarding or without a MediaID to /onboarding', () => {
    expect(decideGuard(signedIn({ hasCompletedOnboarding: false }), dashboard('fan'))).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
    expect(decideGuard(signedIn({ hasMediaID: false }), dashboard('fan'))).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
  });
  it('onboarding page needs authentication only', () => {
    expect(decideGuard(signedIn({ hasCompletedOnboarding: false }), { requireAuth: true })).toEqual({ kind: 'allow' });
  });
  it('dashboards allow their role and admin, others go to /unauthorized', () => {
    expect(decideGuard(signedIn({ selectedRole: 'fan' }), dashboard('fan'))).toEqual({ kind: 'allow' });
    expect(decideGuard(signedIn({ selectedRole: 'admin' }), dashboard('artist'))).toEqual({ kind: 'allow' });
    expect(decideGuard(signedIn({ selectedRole: 'fan' }), dashboard('artist'))).toEqual({
      kind: 'redirect',
      to: '/unauthorized',
    });
  });
  it('with the database unavailable, the dashboard opens with limited functionality', () => {
    expect(
      decideGuard(signedIn({ databaseAvailable: false, hasCompletedOnboarding: false }), dashboard('fan')),
    ).toEqual({
      kind: 'allow',
    });
  });
});
