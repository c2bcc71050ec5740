/** Builds the rows the setup modal and onboarding write. Pure: time and ids are passed in. */
import type { Role } from '@/lib/roles';
import {
  type EngagementLogRow as EngagementRecord,
  type MediaIdRow as MediaIdRecord,
  type ProfileRow as ProfileRecord,
  mediaIdKey,
} from '@sync/model';
import { MEDIA_ID_VERSION, privacyLevel, type PrivacySettings } from './constants';

/** The rows the identity screens write are the replicated tables' row types (sync/schemas/types.ts). */
export type { MediaIdRecord, ProfileRecord, EngagementRecord };

export interface MediaIdInput {
  userId: string;
  role: Role;
  interests: readonly string[];
  genres: readonly string[];
  privacy: PrivacySettings;
  locationCode: string;
  now: string;
  /** An existing MediaID for the role keeps its created_at and content flags (upsert). */
  existing?: Pick<MediaIdRecord, 'created_at' | 'content_flags'> | null;
}

export function buildMediaId(input: MediaIdInput): MediaIdRecord {
  return {
    id: mediaIdKey(input.userId, input.role),
    user_uuid: input.userId,
    role: input.role,
    interests: [...input.interests],
    genre_preferences: [...input.genres],
    location_code: input.locationCode,
    content_flags: input.existing?.content_flags ?? {},
    privacy_settings: { ...input.privacy },
    version: MEDIA_ID_VERSION,
    is_active: true,
    created_at: input.existing?.created_at ?? input.now,
    updated_at: input.now,
  };
}

/** The artist's public identity chosen at setup (never derived from the e-mail). */
export interface PublicIdentity {
  displayName: string;
  bio: string;
}

/**
 * UPSERT profiles {id, role, onboarding_completed true, updated_at}, keeping an existing row's
 * fields; an artist's chosen public name and bio replace the existing ones.
 */
export function buildCompletedProfile(
  userId: string,
  role: Role,
  now: string,
  existing?: ProfileRecord | null,
  identity?: PublicIdentity | null,
): ProfileRecord {
  const bio = identity ? identity.bio : existing?.bio;
  return {
    ...(bio !== undefined ? { bio } : {}),
    id: userId,
    display_name: identity?.displayName ?? existing?.display_name ?? null,
    role,
    email_verified: existing?.email_verified ?? false,
    onboarding_completed: true,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
}

export function buildSetupEvent(input: {
  id: string;
  userId: string;
  interestsCount: number;
  privacy: PrivacySettings;
  role: Role;
  now: string;
}): EngagementRecord {
  return {
    id: input.id,
    user_id: input.userId,
    event_type: 'mediaid_setup_completed',
    // Anonymous when the user keeps anonymous logging on.
    is_anonymous: input.privacy.anonymous_logging,
    metadata: {
      interests_count: input.interestsCount,
      privacy_level: privacyLevel(input.privacy),
      selected_role: input.role,
    },
    created_at: input.now,
  };
}
