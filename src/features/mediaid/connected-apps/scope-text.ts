/**
 * What an app may know, in plain words: one sentence per Bucket scope (the app's registration) and
 * per OpenID scope (the OAuth request), and what the user's privacy switches still withhold — the
 * same rules the MediaID API applies at output (migration 20261127600000_mediaid_api).
 */
import { MEDIAID_SCOPES, type MediaIdScope } from '@sync/model';
import type { PrivacySettings } from '../constants';

export type { MediaIdScope };

export const SCOPE_SENTENCES: Record<MediaIdScope, string> = {
  'media:read': 'See your MediaID summary: your role, name and location',
  'media:write': 'Update your MediaID profile',
  'preferences:read': 'See your genre and interest preferences',
  'preferences:write': 'Change your genre and interest preferences',
  'events:read': 'See the activity it has recorded for you',
  'events:write': 'Record what you do in the app, such as plays and likes',
  'analytics:read': 'See the app’s overall usage figures, never anything about you',
};

/** Short object phrases for lists ("Crate Finder can see your genre preferences"). */
export const SCOPE_SHORT: Record<MediaIdScope, string> = {
  'media:read': 'MediaID summary',
  'media:write': 'update your MediaID',
  'preferences:read': 'genre and interest preferences',
  'preferences:write': 'change your preferences',
  'events:read': 'activity it recorded',
  'events:write': 'record activity',
  'analytics:read': 'overall usage figures',
};

const OPENID_SENTENCES: Record<string, string> = {
  email: 'See your email address',
  profile: 'See your name and profile picture',
  phone: 'See your phone number',
  offline_access: 'Stay connected until you revoke it',
};

/** The app's MediaID scopes in the canonical order (unknown and sample-only scopes dropped). */
export function mediaIdScopes(scopes: readonly string[]): MediaIdScope[] {
  return MEDIAID_SCOPES.filter((scope) => scopes.includes(scope));
}

/** Sentences for the OAuth request's OpenID scopes ("email profile"), unknown ones skipped. */
export function openIdSentences(scope: string): string[] {
  const requested = scope.split(/\s+/).filter(Boolean);
  return Object.keys(OPENID_SENTENCES)
    .filter((key) => requested.includes(key))
    .map((key) => OPENID_SENTENCES[key] as string);
}

/** What the privacy switches keep from an app holding `scopes` (empty: nothing withheld). */
export function withheldByPrivacy(privacy: PrivacySettings, scopes: readonly string[]): string[] {
  const reads = scopes.includes('media:read') || scopes.includes('preferences:read');
  const lines: string[] = [];
  if (reads && !privacy.data_sharing) {
    lines.push('Your name, location and preferences stay hidden — Data Sharing is off');
  } else if (reads && !privacy.location_access) {
    lines.push('Location stays hidden — Location Access is off');
  }
  if (scopes.includes('events:write') && privacy.anonymous_logging) {
    lines.push('Activity it records is stored without your name — Usage/Anonymous Analytics is on');
  }
  return lines;
}
