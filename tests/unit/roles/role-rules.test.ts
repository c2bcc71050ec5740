import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY } from '../../../src/features/mediaid/constants';
import {
  availableRolesFrom,
  roleNeedsSetup,
  roleSwitchAction,
  switchFailedAlert,
  unavailableRoleMessage,
} from '../../../src/lib/role-rules';
import { classifyProfileError, computeProfileRoutingState } from '../../../src/lib/profile-routing-state';

const ready = (role: string) => ({ role, interests: ['a', 'b', 'c'], privacy_settings: DEFAULT_PRIVACY });

describe('role availability', () => {
  it('lists the roles of all MediaIDs, else only fan', () => {
    expect(availableRolesFrom([ready('artist'), ready('brand')])).toEqual(['artist', 'brand']);
    expect(availableRolesFrom([])).toEqual(['fan']);
    expect(availableRolesFrom(null)).toEqual(['fan']);
    expect(availableRolesFrom([ready('artist')], true)).toEqual(['fan']);
  });
  it('needs setup without a MediaID, with no interests, non-object privacy or on error', () => {
    expect(roleNeedsSetup(undefined)).toBe(true);
    expect(roleNeedsSetup({ role: 'fan', interests: [], privacy_settings: {} })).toBe(true);
    expect(roleNeedsSetup({ role: 'fan', interests: ['a'], privacy_settings: null })).toBe(true);
    expect(roleNeedsSetup({ role: 'fan', interests: ['a'], privacy_settings: 'x' })).toBe(true);
    expect(roleNeedsSetup(ready('fan'), true)).toBe(true);
    expect(roleNeedsSetup(ready('fan'))).toBe(false);
  });
  it('decides what the switcher does', () => {
    const statuses = { fan: 'ready', artist: 'ready', brand: 'setup-required' } as const;
    expect(roleSwitchAction('fan', 'fan', ['fan', 'artist'], statuses)).toBe('current');
    expect(roleSwitchAction('artist', 'fan', ['fan', 'artist'], statuses)).toBe('switch');
    expect(roleSwitchAction('brand', 'fan', ['fan', 'artist'], statuses)).toBe('setup');
    expect(roleSwitchAction('artist', 'fan', ['fan'], statuses)).toBe('unavailable');
  });
  it('has the exact failure texts', () => {
    expect(unavailableRoleMessage('brand')).toBe('MediaID not set up for brand role. Please complete setup first.');
    expect(switchFailedAlert('brand', 'boom')).toBe('Failed to switch to brand role: boom');
  });
});

describe('profile lookup fallback rules', () => {
  const user = { id: 'u', user_metadata: { role: 'artist' } };
  it('classifies missing table, no row and other errors', () => {
    expect(classifyProfileError({ code: '42P01', message: '' }).kind).toBe('table-missing');
    expect(classifyProfileError({ code: 'PGRST205', message: '' }).kind).toBe('table-missing');
    expect(classifyProfileError({ message: 'relation "profiles" does not exist' }).kind).toBe('table-missing');
    expect(classifyProfileError({ code: 'PGRST116', message: 'no rows' }).kind).toBe('no-row');
    expect(classifyProfileError({ code: '500', message: 'boom' }).kind).toBe('error');
  });
  it('falls back to the requested role, then metadata, then fan, with the database unavailable', () => {
    const state = computeProfileRoutingState({ user, check: { kind: 'table-missing' }, mediaIds: [] });
    expect(state).toMatchObject({ selectedRole: 'artist', databaseAvailable: false, hasCompletedOnboarding: false });
    expect(
      computeProfileRoutingState({ user, check: { kind: 'error', message: 'x' }, mediaIds: [], requestedRole: 'brand' })
        .selectedRole,
    ).toBe('brand');
    expect(
      computeProfileRoutingState({ user: { id: 'u' }, check: { kind: 'error', message: 'x' }, mediaIds: [] })
        .selectedRole,
    ).toBe('fan');
  });
  it('marks a missing row for creation during onboarding', () => {
    expect(computeProfileRoutingState({ user, check: { kind: 'no-row' }, mediaIds: [] })).toMatchObject({
      needsProfileCreation: true,
      databaseAvailable: true,
    });
  });
  it('computes the state from a found profile and MediaIDs', () => {
    const state = computeProfileRoutingState({
      user,
      check: { kind: 'found', profile: { role: 'fan', onboarding_completed: true } },
      mediaIds: [ready('fan'), { role: 'brand', interests: [], privacy_settings: {} }],
    });
    expect(state).toMatchObject({
      selectedRole: 'fan',
      hasCompletedOnboarding: true,
      hasMediaID: true,
      hasRoleSpecificMediaID: true,
      availableRoles: ['fan', 'brand'],
    });
    expect(state.roleSetupStatuses).toMatchObject({ fan: 'ready', brand: 'setup-required', artist: 'setup-required' });
  });
});

describe('merging local rows with the server answer', () => {
  it('prefers the local profile and keeps a completed server flag', async () => {
    const { mergeProfileCheck, mergeMediaIds } = await import('../../../src/lib/profile-routing-state');
    expect(
      mergeProfileCheck(
        { role: 'fan', onboarding_completed: false },
        { kind: 'found', profile: { role: 'fan', onboarding_completed: true } },
      ),
    ).toEqual({
      kind: 'found',
      profile: { role: 'fan', onboarding_completed: true },
    });
    expect(mergeProfileCheck({ role: 'artist', onboarding_completed: true }, { kind: 'no-row' })).toMatchObject({
      kind: 'found',
    });
    expect(mergeProfileCheck(null, { kind: 'no-row' })).toEqual({ kind: 'no-row' });
    expect(mergeProfileCheck(null, undefined).kind).toBe('error');
    expect(
      mergeMediaIds<{ role: string; interests?: string[] }>(
        [{ role: 'fan', interests: ['x'] }],
        [{ role: 'fan', interests: [] }, { role: 'brand' }],
      ),
    ).toEqual([{ role: 'fan', interests: ['x'] }, { role: 'brand' }]);
  });
});
