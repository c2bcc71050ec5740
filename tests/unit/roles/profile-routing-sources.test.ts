// The routing state after an offline reload (issue: a role set up offline was refused by the guard):
// it must wait for the local rows, then let them — not the server's or the offline answer — decide.
import { describe, expect, it } from 'vitest';
import { decideGuard } from '../../../src/lib/guard';
import type { AuthSnapshot, ProfileRoutingState } from '../../../src/lib/auth-state';
import {
  resolveProfileRouting,
  routingStillLoading,
  type LocalRows,
  type RoutingSources,
  type ServerLookup,
} from '../../../src/lib/profile-routing-state';
import { DEFAULT_PRIVACY } from '../../../src/features/mediaid/constants';

const user = { id: 'u1', email: 'fan@example.test', user_metadata: { role: 'fan' } };
const mediaId = (role: string) => ({ role, interests: ['a', 'b', 'c'], privacy_settings: DEFAULT_PRIVACY });
type M = ReturnType<typeof mediaId>;

const OPENING: LocalRows<M> = { profile: undefined, mediaIds: undefined };
/** After an offline brand setup: profile switched to brand, brand MediaID written locally. */
const OFFLINE_BRAND: LocalRows<M> = {
  profile: { role: 'brand', onboarding_completed: true },
  mediaIds: [mediaId('fan'), mediaId('brand')],
};
const OFFLINE_ANSWER: ServerLookup<M> = { check: undefined, mediaIds: null, pending: false };
const STALE_SERVER: ServerLookup<M> = {
  check: { kind: 'found', profile: { role: 'fan', onboarding_completed: true } },
  mediaIds: [mediaId('fan')],
  pending: false,
};

const sources = (local: LocalRows<M> | null, server: ServerLookup<M>): RoutingSources<M> => ({ user, local, server });
const snapshot = (profile: ProfileRoutingState): AuthSnapshot => ({ user, session: null, loading: false, profile });
const brandDashboard = (profile: ProfileRoutingState) =>
  decideGuard(snapshot(profile), { requireAuth: true, requireOnboarding: true, allowedRoles: ['brand', 'admin'] });

describe('profile routing from local rows and the server lookup', () => {
  it('offline reload: waits while the local rows are read, even when the server has answered "offline"', () => {
    const state = resolveProfileRouting(sources(OPENING, OFFLINE_ANSWER));
    expect(state.loading).toBe(true);
    expect(brandDashboard(state)).toEqual({ kind: 'loading', text: 'Loading your profile...' });
    // Half read (profile but not the MediaIDs yet) is still partial data.
    expect(routingStillLoading(sources({ ...OFFLINE_BRAND, mediaIds: undefined }, OFFLINE_ANSWER))).toBe(true);
  });

  it('offline reload: the local rows decide — brand selected and available, the guard allows it', () => {
    const state = resolveProfileRouting(sources(OFFLINE_BRAND, OFFLINE_ANSWER));
    expect(state).toMatchObject({ loading: false, selectedRole: 'brand', hasCompletedOnboarding: true });
    expect(state.availableRoles).toEqual(expect.arrayContaining(['fan', 'brand']));
    expect(state.roleSetupStatuses.brand).toBe('ready');
    expect(brandDashboard(state)).toEqual({ kind: 'allow' });
  });

  it('back online: the stale server lookup (fan, no brand MediaID yet) does not win over newer local rows', () => {
    const state = resolveProfileRouting(sources(OFFLINE_BRAND, STALE_SERVER));
    expect(state.selectedRole).toBe('brand');
    expect(state.availableRoles).toEqual(expect.arrayContaining(['fan', 'brand']));
    expect(brandDashboard(state)).toEqual({ kind: 'allow' });
  });

  it('a server refresh behind local rows does not flip the profile back to loading', () => {
    const refreshing = { ...STALE_SERVER, pending: true };
    expect(resolveProfileRouting(sources(OFFLINE_BRAND, refreshing)).loading).toBe(false);
  });

  it('waits for the first server answer only when no local profile row can answer (new device, no database)', () => {
    const asking: ServerLookup<M> = { check: undefined, mediaIds: null, pending: true };
    expect(routingStillLoading(sources({ profile: null, mediaIds: [] }, asking))).toBe(true);
    expect(routingStillLoading(sources(null, asking))).toBe(true);
    expect(routingStillLoading(sources(OFFLINE_BRAND, asking))).toBe(false);
    // A new device: the server's rows fill in until the pull brings them.
    const state = resolveProfileRouting(sources({ profile: null, mediaIds: [] }, STALE_SERVER));
    expect(state).toMatchObject({ loading: false, selectedRole: 'fan', availableRoles: ['fan'], hasMediaID: true });
  });

  it('no local database and offline: falls back to the role in user metadata', () => {
    const state = resolveProfileRouting(sources(null, OFFLINE_ANSWER));
    expect(state).toMatchObject({ loading: false, selectedRole: 'fan', databaseAvailable: false });
  });

  it('a role chosen in this session (switcher) wins over the stored one', () => {
    const state = resolveProfileRouting({ ...sources(OFFLINE_BRAND, OFFLINE_ANSWER), preferredRole: 'fan' });
    expect(state.selectedRole).toBe('fan');
  });
});
