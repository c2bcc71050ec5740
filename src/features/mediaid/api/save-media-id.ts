/**
 * Writes a MediaID, completes the profile and logs 'mediaid_setup_completed' — all locally through the
 * sync engine, so it works offline and syncs later. The MediaID is written first: if it fails nothing
 * else is written; the event's result is not checked.
 */
import type { Role } from '@/lib/roles';
import type { IdentityStore } from '@/features/auth';
import { waitForSnapshot } from '@/lib/wait-for-snapshot';
import { buildCompletedProfile, buildMediaId, buildSetupEvent, type PublicIdentity } from '../build-media-id';
import type { PrivacySettings } from '../constants';
import { USER_NOT_AUTHENTICATED } from '../setup-errors';

export interface MediaIdChoices {
  role: Role;
  interests: readonly string[];
  genres: readonly string[];
  privacy: PrivacySettings;
  locationCode: string;
  /** Artist role: the public name (required) and bio chosen in the setup modal. */
  identity?: PublicIdentity | null;
}

export type SaveStage = 'auth' | 'media-id' | 'profile';

export class SaveMediaIdError extends Error {
  constructor(
    readonly stage: SaveStage,
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}

export async function saveMediaIdSetup(identity: IdentityStore | null, choices: MediaIdChoices): Promise<void> {
  const user = identity?.getSnapshot().user;
  const writer = identity?.writer();
  if (!identity || !user || !writer) throw new SaveMediaIdError('auth', USER_NOT_AUTHENTICATED);
  const now = new Date().toISOString();
  const existing = identity.mediaIds().find((row) => row.role === choices.role) ?? null;
  const row = buildMediaId({ userId: user.id, ...choices, now, existing });
  try {
    await writer.saveMediaId(row);
  } catch (error) {
    throw new SaveMediaIdError('media-id', error instanceof Error ? error.message : String(error), error);
  }
  try {
    await writer.saveProfile(
      // The e-mail never becomes a name: only the name the artist typed is public.
      buildCompletedProfile(user.id, choices.role, now, identity.profileRow(), choices.identity ?? null),
    );
  } catch (error) {
    throw new SaveMediaIdError('profile', error instanceof Error ? error.message : String(error), error);
  }
  const event = buildSetupEvent({
    id: crypto.randomUUID(),
    userId: user.id,
    interestsCount: choices.interests.length,
    privacy: choices.privacy,
    role: choices.role,
    now,
  });
  writer.logEngagement(event).catch((error: unknown) => console.error('Engagement log failed', error));
  identity.setPreferredRole(choices.role);
  // The guard reads the local database through a live query: wait until it shows the new MediaID.
  await waitForSnapshot(
    identity,
    (s) => s.profile.hasCompletedOnboarding && s.profile.roleSetupStatuses[choices.role] === 'ready',
  );
}
