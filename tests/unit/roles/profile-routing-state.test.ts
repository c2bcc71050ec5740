// fallbackRole and the routing state must not take admin from user_metadata (user-editable: any
// signed-in user can write `role: 'admin'` into it); admin comes only from the server's profile row.
import { describe, expect, it } from 'vitest';
import { computeProfileRoutingState, fallbackRole, type ServerUser } from '../../../src/lib/profile-routing-state';

const user = (user_metadata: Record<string, unknown>, app_metadata?: Record<string, unknown>): ServerUser => ({
  id: 'u1',
  email: 'someone@example.test',
  user_metadata,
  app_metadata,
});

describe('fallbackRole', () => {
  it('never returns admin from user metadata', () => {
    expect(fallbackRole(user({ role: 'admin' }))).toBe('fan');
    expect(fallbackRole(user({ role: 'admin' }), 'admin')).toBe('fan');
    expect(fallbackRole(user({ role: 'artist' }), 'admin')).toBe('artist');
  });

  it('keeps the self-signup roles of user metadata and the requested role', () => {
    expect(fallbackRole(user({ role: 'artist' }))).toBe('artist');
    expect(fallbackRole(user({ role: 'developer' }))).toBe('developer');
    expect(fallbackRole(user({ role: 'brand' }), 'fan')).toBe('fan');
    expect(fallbackRole(user({ role: 'nonsense' }))).toBe('fan');
    expect(fallbackRole(null)).toBe('fan');
  });

  it('never gives admin, even from app_metadata: only a loaded profile row makes an admin', () => {
    expect(fallbackRole(user({}, { role: 'admin' }))).toBe('fan');
    expect(fallbackRole(user({ role: 'fan' }, { role: 'admin' }), 'admin')).toBe('fan');
    expect(fallbackRole(user({ role: 'admin' }, { role: 'fan' }))).toBe('fan');
  });
});

describe('routing state', () => {
  const mediaIds = [{ role: 'fan', interests: ['a', 'b', 'c'], privacy_settings: {} }];
  it('without a profile row, admin in user metadata routes as fan', () => {
    const state = computeProfileRoutingState({ user: user({ role: 'admin' }), check: { kind: 'no-row' }, mediaIds });
    expect(state.selectedRole).toBe('fan');
    const offline = computeProfileRoutingState({ user: user({ role: 'admin' }), check: { kind: 'table-missing' }, mediaIds });
    expect(offline.selectedRole).toBe('fan');
  });

  it('a requested admin role needs an admin profile row', () => {
    const fanRow = { kind: 'found' as const, profile: { role: 'fan', onboarding_completed: true } };
    expect(computeProfileRoutingState({ user: user({ role: 'admin' }), check: fanRow, mediaIds, requestedRole: 'admin' }).selectedRole).toBe('fan');
    const adminRow = { kind: 'found' as const, profile: { role: 'admin', onboarding_completed: true } };
    expect(computeProfileRoutingState({ user: user({}), check: adminRow, mediaIds, requestedRole: 'admin' }).selectedRole).toBe('admin');
    expect(computeProfileRoutingState({ user: user({}), check: adminRow, mediaIds }).selectedRole).toBe('admin');
  });
});
