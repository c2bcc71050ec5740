/**
 * Row types of the replicated tables, exactly the server's columns. Invariants: a
 * `…Row` type is what the server stores; a `…Doc` type is the local document = row + the
 * local-only `sync_*` fields of local-fields.ts. `_modified` is never part of a row type:
 * locally it is `sync_modified`, and only the server ever sets it.
 */
import type { SyncLocalFields } from '../local-fields';

export const ROLES = ['fan', 'artist', 'brand', 'developer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SUBSCRIPTION_TIERS = ['free', 'tier1', 'tier2', 'tier3'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export interface PrivacySettings {
  data_sharing: boolean;
  location_access: boolean;
  audio_capture: boolean;
  anonymous_logging: boolean;
  marketing_communications: boolean;
}

export interface ProfileRow {
  id: string;
  display_name: string | null;
  role: Role;
  email_verified: boolean;
  onboarding_completed: boolean;
  /** Public artist identity (display_name is the public name); absent on rows synced before it. */
  bio?: string;
  picture_path?: string | null;
  genres?: string[];
  /** An upcoming release the artist announces to fans (1–80 characters) and its day (YYYY-MM-DD). */
  announcement?: string | null;
  announcement_on?: string | null;
  created_at: string;
  updated_at: string;
}

export interface MediaIdRow {
  id: string;
  user_uuid: string;
  role: Role;
  interests: string[];
  genre_preferences: string[];
  location_code: string | null;
  content_flags: Record<string, unknown>;
  privacy_settings: PrivacySettings;
  version: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export interface EngagementLogRow {
  id: string;
  user_id: string;
  event_type: string;
  is_anonymous: boolean;
  metadata: Record<string, unknown>;
  created_at: string;
}

export interface ContentItemRow {
  id: string;
  artist_id: string;
  title: string;
  description: string | null;
  file_path: string;
  file_type: string | null;
  file_size: number | null;
  metadata: Record<string, unknown>;
  is_public: boolean;
  subscription_tier_required: SubscriptionTier;
  unlock_date: string | null;
  created_at: string;
  updated_at: string;
  /** Server-owned (20261128200000): the server verified the stored file's bytes; absent until pulled. */
  file_verified?: boolean | null;
  /** Server-owned: the server's note on the file (what was checked, or why it was refused). */
  file_check?: string | null;
}

export type ProfileDoc = ProfileRow & SyncLocalFields;
export type MediaIdDoc = MediaIdRow & SyncLocalFields;
export type EngagementLogDoc = EngagementLogRow & SyncLocalFields;
export type ContentItemDoc = ContentItemRow & SyncLocalFields;
