/** MediaID constants: interests, genres, limits, privacy switches and their defaults. */
import { type PrivacySettings, DEFAULT_PRIVACY_SETTINGS, MEDIA_ID_VERSION, privacyLevel } from '@sync/model';
import { ARTIST_GENRE_OPTIONS } from '@/lib/artist-identity';

export const INTEREST_OPTIONS = [
  'Discovering new music',
  'Supporting independent artists',
  'High-quality audio',
  'Underground scenes',
  'Exclusive content',
  'Behind-the-scenes access',
  'Artist interactions',
  'Early releases',
  'Rising talent',
  'Production insights',
] as const;

/**
 * What a brand comes to Bucket for: a brand's MediaID asks these instead of a
 * fan's listening interests; stored in the same `interests` list (3-5, as for every role).
 */
export const BRAND_INTEREST_OPTIONS = [
  'Reaching engaged fans',
  'Artist partnerships',
  'Codes and drops for fans',
  'Sponsoring live events',
  'Merch collaborations',
  'Launching products',
  'Audience insights',
  'Cultural storytelling',
  'Community building',
  'Privacy-first marketing',
] as const;

/** The interest choices a role's MediaID asks for. */
export function interestOptionsFor(role: string): readonly string[] {
  return role === 'brand' ? BRAND_INTEREST_OPTIONS : INTEREST_OPTIONS;
}

/** The spec's 12 genre options; one list, shared with the artist profile's server-checked genres. */
export const GENRE_OPTIONS = ARTIST_GENRE_OPTIONS;

export const MIN_INTERESTS = 3;
export const MAX_INTERESTS = 5;
/** The setup modal stores 'US'; onboarding leaves the location empty. */
export const MODAL_LOCATION_CODE = 'US';
export const ONBOARDING_LOCATION_CODE = '';

export type { PrivacySettings };
export type PrivacyKey = keyof PrivacySettings;

/** Defaults and the privacy level are the sync layer's, so the UI and the engine can never disagree. */
export const DEFAULT_PRIVACY = DEFAULT_PRIVACY_SETTINGS;
export { MEDIA_ID_VERSION, privacyLevel };

export const PRIVACY_LABELS: Record<PrivacyKey, string> = {
  data_sharing: 'Data Sharing',
  location_access: 'Location Access',
  audio_capture: 'Audio Recognition/Capture',
  anonymous_logging: 'Usage/Anonymous Analytics',
  marketing_communications: 'Updates/Marketing Communications',
};

export const PRIVACY_KEYS = Object.keys(DEFAULT_PRIVACY) as PrivacyKey[];

/** The setup-modal payload names the switches in camelCase. */
export interface ModalPrivacyPayload {
  dataSharing: boolean;
  locationAccess: boolean;
  audioCapture: boolean;
  anonymousLogging: boolean;
  marketingCommunications: boolean;
}

export function privacyFromModalPayload(payload: ModalPrivacyPayload): PrivacySettings {
  return {
    data_sharing: payload.dataSharing,
    location_access: payload.locationAccess,
    audio_capture: payload.audioCapture,
    anonymous_logging: payload.anonymousLogging,
    marketing_communications: payload.marketingCommunications,
  };
}

export function modalPayloadFromPrivacy(settings: PrivacySettings): ModalPrivacyPayload {
  return {
    dataSharing: settings.data_sharing,
    locationAccess: settings.location_access,
    audioCapture: settings.audio_capture,
    anonymousLogging: settings.anonymous_logging,
    marketingCommunications: settings.marketing_communications,
  };
}
