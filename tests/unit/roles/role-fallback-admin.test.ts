// When no profile row loads, the client falls back to a role for routing.
// Admin must never come from that fallback: not from user_metadata (any user writes it), not from
// app_metadata, not from a requested role; only a loaded profile row (server-owned) makes an admin.
import { describe, expect, it } from 'vitest';
import { computeProfileRoutingState, fallbackRole, resolveProfileRouting, type ServerUser } from '../../../src/lib/profile-routing-state';
import { SELF_SIGNUP_ROLES } from '../../../src/lib/roles';

const user = (user_metadata: Record<string, unknown>, app_metadata?: Record<string, unknown>): ServerUser => ({
  id: 'u1',
  email: 'someone@example.test',
  user_metadata,
  app_metadata,
});
const mediaIds = [{ role: 'fan', interests: ['a', 'b', 'c'], privacy_settings: {} }];
const noProfile = [{ kind: 'no-row' as const }, { kind: 'table-missing' as const }, { kind: 'error' as const, message: 'Failed to fetch' }];

describe('role fallback without a profile row', () => {
  it('is always a self-assignable role', () => {
    const users = [user({ role: 'admin' }), user({ role: 'admin' }, { role: 'admin' }), user({}, { role: 'admin' }), user({ role: 'ADMIN' })];
    for (const u of users) {
      for (const requested of [undefined, null, 'admin' as const]) {
        expect(SELF_SIGNUP_ROLES).toContain(fallbackRole(u, requested));
      }
    }
    expect(SELF_SIGNUP_ROLES).toContain(fallbackRole(null, 'admin'));
  });

  it('routes user_metadata.role = admin as a self-assignable role, whatever the lookup gave', () => {
    for (const check of noProfile) {
      for (const u of [user({ role: 'admin' }), user({ role: 'admin' }, { role: 'admin' })]) {
        for (const requestedRole of [undefined, 'admin' as const]) {
          const state = computeProfileRoutingState({ user: u, check, mediaIds, requestedRole });
          expect(state.selectedRole, `${check.kind} ${requestedRole ?? '-'}`).not.toBe('admin');
          expect(SELF_SIGNUP_ROLES).toContain(state.selectedRole);
        }
      }
    }
    // offline on a new device: no local rows, no server answer
    const offline = resolveProfileRouting({
      user: user({ role: 'admin' }, { role: 'admin' }),
      local: { profile: null, mediaIds: [] },
      server: { check: undefined, mediaIds: null, pending: false },
      preferredRole: 'admin',
    });
    expect(offline.selectedRole).not.toBe('admin');
  });

  it('keeps the self-assignable metadata role and a loaded admin profile row', () => {
    expect(fallbackRole(user({ role: 'artist' }))).toBe('artist');
    expect(fallbackRole(user({ role: 'brand' }), 'developer')).toBe('developer');
    const adminRow = { kind: 'found' as const, profile: { role: 'admin', onboarding_completed: true } };
    expect(computeProfileRoutingState({ user: user({}), check: adminRow, mediaIds }).selectedRole).toBe('admin');
  });
});
