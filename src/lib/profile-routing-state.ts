/**
 * Computes the profile routing state from the user's local rows and the server's answer.
 * Pure. Invariants: local rows win over the server lookup (they may hold offline writes); the state
 * is `loading` — and the route guard waits — until it no longer depends on rows still being read.
 */
import { EMPTY_PROFILE, type AuthUser, type ProfileRoutingState } from './auth-state';
import { DEFAULT_ROLE, isRole, isSelfSignupRole, type Role, type SelfSignupRole } from './roles';
import { availableRolesFrom, roleNeedsSetup, roleSetupStatuses, type MediaIdLike } from './role-rules';

export interface ProfileLike {
  role: string;
  onboarding_completed: boolean;
}

/** How the profile lookup went. */
export type ProfileCheck =
  | { kind: 'found'; profile: ProfileLike }
  | { kind: 'no-row' }
  | { kind: 'table-missing' }
  | { kind: 'error'; message: string };

export const NO_ROW_CODE = 'PGRST116';
const MISSING_TABLE_CODES = new Set(['42P01', 'PGRST205']);

/** Classifies a profiles query error: missing table, no row, or other. */
export function classifyProfileError(error: { code?: string | null; message?: string | null }): ProfileCheck {
  const message = error.message ?? '';
  if ((error.code && MISSING_TABLE_CODES.has(error.code)) || message.includes('does not exist')) {
    return { kind: 'table-missing' };
  }
  if (error.code === NO_ROW_CODE) return { kind: 'no-row' };
  return { kind: 'error', message };
}

/** A user as the auth server sends it; routing reads no role from its metadata but a self-signup one. */
export type ServerUser = AuthUser & { app_metadata?: Record<string, unknown> };

/**
 * The role used while no profile row is loaded: the requested role, else the role in user
 * metadata, else fan — always a self-signup role. Admin comes only from a loaded profile row
 * (server-owned); metadata is user-editable and a requested role is the client's own guess.
 */
export function fallbackRole(user: ServerUser | null, requested?: Role | null): SelfSignupRole {
  if (isSelfSignupRole(requested)) return requested;
  const metadataRole = user?.user_metadata?.role;
  return isSelfSignupRole(metadataRole) ? metadataRole : DEFAULT_ROLE;
}

export interface RoutingInputs {
  user: ServerUser;
  check: ProfileCheck;
  mediaIds: readonly MediaIdLike[] | null;
  mediaIdsFailed?: boolean;
  requestedRole?: Role | null;
}

export function computeProfileRoutingState(input: RoutingInputs): ProfileRoutingState {
  const { user, check, mediaIds, mediaIdsFailed = false } = input;
  const availableRoles = availableRolesFrom(mediaIds, mediaIdsFailed);
  const statuses = roleSetupStatuses(mediaIds, mediaIdsFailed);
  const hasMediaID = !mediaIdsFailed && (mediaIds?.length ?? 0) > 0;
  const base = { availableRoles, roleSetupStatuses: statuses, hasMediaID, loading: false };
  const withRole = (selectedRole: Role) => ({
    selectedRole,
    hasRoleSpecificMediaID: !roleNeedsSetup(
      mediaIds?.find((item) => item.role === selectedRole),
      mediaIdsFailed,
    ),
  });
  switch (check.kind) {
    case 'found': {
      const requested = input.requestedRole === 'admin' && check.profile.role !== 'admin' ? null : input.requestedRole;
      const role = requested ?? (isRole(check.profile.role) ? check.profile.role : fallbackRole(user));
      return {
        ...base,
        ...withRole(role),
        hasCompletedOnboarding: check.profile.onboarding_completed,
        databaseAvailable: true,
        needsProfileCreation: false,
      };
    }
    case 'no-row':
      return {
        ...base,
        ...withRole(fallbackRole(user, input.requestedRole)),
        hasCompletedOnboarding: false,
        databaseAvailable: true,
        needsProfileCreation: true,
      };
    case 'table-missing':
    case 'error':
      return {
        ...base,
        ...withRole(fallbackRole(user, input.requestedRole)),
        hasCompletedOnboarding: false,
        databaseAvailable: false,
        needsProfileCreation: false,
      };
  }
}

/** Local rows win (they may hold offline writes not pushed yet); the server fills what is not local yet. */
export function mergeProfileCheck(
  local: ProfileLike | null | undefined,
  server: ProfileCheck | undefined,
): ProfileCheck {
  if (local) {
    const serverCompleted = server?.kind === 'found' && server.profile.onboarding_completed;
    return {
      kind: 'found',
      profile: { ...local, onboarding_completed: local.onboarding_completed || serverCompleted },
    };
  }
  return server ?? { kind: 'error', message: 'Profile not available offline' };
}

export function mergeMediaIds<T extends MediaIdLike>(
  local: readonly T[] | null | undefined,
  server: readonly T[] | null | undefined,
): T[] {
  const byRole = new Map<string, T>();
  for (const row of server ?? []) byRole.set(row.role, row);
  for (const row of local ?? []) byRole.set(row.role, row);
  return [...byRole.values()];
}

/** The user's rows in the local database; `undefined` fields are still being read. */
export interface LocalRows<M extends MediaIdLike> {
  profile: ProfileLike | null | undefined;
  mediaIds: readonly M[] | undefined;
}

/** The server lookup: `check` undefined = no answer (offline, or not asked yet). */
export interface ServerLookup<M extends MediaIdLike> {
  check: ProfileCheck | undefined;
  mediaIds: readonly M[] | null;
  pending: boolean;
}

export interface RoutingSources<M extends MediaIdLike> {
  user: AuthUser;
  /** null only when this user has no local database (IndexedDB refused): the server alone decides. */
  local: LocalRows<M> | null;
  server: ServerLookup<M>;
  preferredRole?: Role | null;
}

/**
 * Whether the routing state would be decided on partial data (the guard then waits): while the
 * local rows are being read; while the server is asked for the first time and no local profile
 * row can answer instead (a new device, or no local database). A server refresh behind local rows
 * does not block: local rows win anyway.
 */
export function routingStillLoading<M extends MediaIdLike>({ local, server }: RoutingSources<M>): boolean {
  if (local && (local.profile === undefined || local.mediaIds === undefined)) return true;
  return server.pending && server.check === undefined && !local?.profile;
}

/**
 * The profile routing state from local rows and the server lookup: local rows win
 * (they hold offline writes not pushed yet: a role set up or switched offline), the server fills
 * in what is not local yet; `loading` while that would still be a guess.
 */
export function resolveProfileRouting<M extends MediaIdLike>(sources: RoutingSources<M>): ProfileRoutingState {
  if (routingStillLoading(sources)) return { ...EMPTY_PROFILE, loading: true };
  const { user, local, server, preferredRole } = sources;
  const mediaIds = mergeMediaIds(local?.mediaIds, server.mediaIds);
  const check = mergeProfileCheck(local?.profile, server.check);
  return computeProfileRoutingState({ user, check, mediaIds, requestedRole: preferredRole });
}
