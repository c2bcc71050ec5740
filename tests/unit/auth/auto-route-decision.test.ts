import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE, type ProfileRoutingState } from '../../../src/lib/auth-state';
import { BACKEND_SETUP_MESSAGE, decideAutoRoute } from '../../../src/features/auth/auto-route-decision';

const user = { id: 'u1' };
const ready: ProfileRoutingState = {
  ...EMPTY_PROFILE,
  hasCompletedOnboarding: true,
  hasMediaID: true,
  selectedRole: 'artist',
  roleSetupStatuses: { artist: 'ready' },
};

describe('decideAutoRoute', () => {
  it('1. no user goes to /welcome', () => {
    expect(decideAutoRoute(null, ready)).toEqual({ to: '/welcome' });
  });
  it('2. database unavailable goes to the selected dashboard with the notice', () => {
    expect(decideAutoRoute(user, { ...EMPTY_PROFILE, databaseAvailable: false, selectedRole: 'brand' })).toEqual({
      to: '/dashboard/brand',
      role: 'brand',
      backendSetupRequired: true,
    });
    expect(decideAutoRoute(user, { ...EMPTY_PROFILE, databaseAvailable: false }).to).toBe('/dashboard/fan');
    expect(BACKEND_SETUP_MESSAGE).toBe(
      'Your backend database tables need to be set up. Routing to dashboard with limited functionality.',
    );
  });
  it('3. a missing profile goes to /onboarding', () => {
    expect(decideAutoRoute(user, { ...ready, needsProfileCreation: true })).toEqual({ to: '/onboarding' });
  });
  it('4. completed, with a MediaID and the role set up, goes to the dashboard', () => {
    expect(decideAutoRoute(user, ready)).toEqual({
      to: '/dashboard/artist',
      role: 'artist',
      backendSetupRequired: false,
    });
  });
  it('4. otherwise goes to /onboarding', () => {
    expect(decideAutoRoute(user, { ...ready, hasCompletedOnboarding: false }).to).toBe('/onboarding');
    expect(decideAutoRoute(user, { ...ready, hasMediaID: false }).to).toBe('/onboarding');
    expect(decideAutoRoute(user, { ...ready, roleSetupStatuses: { artist: 'setup-required' } }).to).toBe('/onboarding');
    expect(decideAutoRoute(user, { ...ready, roleSetupStatuses: {} }).to).toBe('/onboarding');
  });
});
