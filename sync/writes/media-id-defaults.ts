/**
 * MediaID defaults. Invariants: the id of a MediaID is `${user_uuid}|${role}`
 * (one per user and role); privacy defaults are data_sharing and anonymous_logging on, the rest
 * off; version 1, active, empty interests/genres/content_flags; location '' unless the caller
 * passes one (the setup modal passes 'US').
 */
import type { PrivacySettings, Role } from '../schemas/types';

export const DEFAULT_PRIVACY_SETTINGS: Readonly<PrivacySettings> = Object.freeze({
  data_sharing: true,
  location_access: false,
  audio_capture: false,
  anonymous_logging: true,
  marketing_communications: false,
});

export const MEDIA_ID_VERSION = 1;
export const DEFAULT_LOCATION_CODE = '';

export function mediaIdKey(userUuid: string, role: Role): string {
  return `${userUuid}|${role}`;
}

/** privacy_level of the engagement log = number of enabled settings. */
export function privacyLevel(settings: PrivacySettings): number {
  return Object.values(settings).filter((v) => v === true).length;
}
