/** MediaID constants of spec §3 and §9: interests, genres, limits, privacy switches and their defaults. */
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

export const GENRE_OPTIONS = [
  'Electronic',
  'Hip-Hop',
  'R&B',
  'Indie Rock',
  'Folk',
  'Jazz',
  'Synthwave',
  'Lo-fi',
  'Ambient',
  'Experimental',
  'Pop',
  'Alternative',
] as const;

export const MIN_INTERESTS = 3;
export const MAX_INTERESTS = 5;
export const MEDIA_ID_VERSION = 1;
/** The setup modal stores 'US'; onboarding leaves the location empty (spec §3). */
export const MODAL_LOCATION_CODE = 'US';
export const ONBOARDING_LOCATION_CODE = '';

export interface PrivacySettings {
  data_sharing: boolean;
  location_access: boolean;
  audio_capture: boolean;
  anonymous_logging: boolean;
  marketing_communications: boolean;
}
export type PrivacyKey = keyof PrivacySettings;

export const DEFAULT_PRIVACY: Readonly<PrivacySettings> = {
  data_sharing: true,
  location_access: false,
  audio_capture: false,
  anonymous_logging: true,
  marketing_communications: false,
};

export const PRIVACY_LABELS: Record<PrivacyKey, string> = {
  data_sharing: 'Data Sharing',
  location_access: 'Location Access',
  audio_capture: 'Audio Recognition/Capture',
  anonymous_logging: 'Usage/Anonymous Analytics',
  marketing_communications: 'Updates/Marketing Communications',
};

export const PRIVACY_KEYS = Object.keys(DEFAULT_PRIVACY) as PrivacyKey[];

/** The setup-modal payload names the switches in camelCase (spec §3). */
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

/** privacy_level of the engagement event: the number of enabled settings (spec §3). */
export function privacyLevel(settings: PrivacySettings): number {
  return PRIVACY_KEYS.filter((key) => settings[key]).length;
}
