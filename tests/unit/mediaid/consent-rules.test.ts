import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY } from '../../../src/features/mediaid/constants';
import {
  mediaIdScopes,
  openIdSentences,
  SCOPE_SENTENCES,
  withheldByPrivacy,
} from '../../../src/features/mediaid/connected-apps/scope-text';
import { CONSENT_TEXT, describeConsentError } from '../../../src/features/mediaid/consent/consent-errors';
import { safeRedirectPath } from '../../../src/lib/safe-redirect';

describe('scope sentences', () => {
  it('says each Bucket scope in one plain sentence and keeps only MediaID scopes, in a fixed order', () => {
    expect(SCOPE_SENTENCES['preferences:read']).toBe('See your genre and interest preferences');
    expect(Object.values(SCOPE_SENTENCES).every((s) => s.length > 0 && !/[a-z]:[a-z]/.test(s))).toBe(true);
    expect(mediaIdScopes(['campaigns:read', 'preferences:read', 'media:read', 'bogus'])).toEqual([
      'media:read',
      'preferences:read',
    ]);
  });

  it('names the OpenID scopes the app asked for and skips the rest', () => {
    expect(openIdSentences('email  profile openid')).toEqual([
      'See your email address',
      'See your name and profile picture',
    ]);
    expect(openIdSentences('')).toEqual([]);
  });
});

describe('what the privacy switches still withhold', () => {
  const reads = ['preferences:read'];
  it('with the defaults (Location Access off) the location stays hidden', () => {
    expect(withheldByPrivacy(DEFAULT_PRIVACY, reads)).toEqual(['Location stays hidden — Location Access is off']);
  });
  it('with Data Sharing off nothing but the role is shared (location included)', () => {
    expect(
      withheldByPrivacy({ ...DEFAULT_PRIVACY, data_sharing: false, location_access: true }, ['media:read']),
    ).toEqual(['Your name, location and preferences stay hidden — Data Sharing is off']);
  });
  it('withholds nothing when both are on, and says nothing about reads an app did not ask for', () => {
    const open = { ...DEFAULT_PRIVACY, location_access: true, anonymous_logging: false };
    expect(withheldByPrivacy(open, reads)).toEqual([]);
    expect(withheldByPrivacy(DEFAULT_PRIVACY, ['analytics:read'])).toEqual([]);
  });
  it('tells an events:write app that events are stored without the user while Anonymous Analytics is on', () => {
    expect(withheldByPrivacy({ ...DEFAULT_PRIVACY, location_access: true }, ['events:write'])).toEqual([
      'Activity it records is stored without your name — Usage/Anonymous Analytics is on',
    ]);
  });
});

describe('consent errors', () => {
  it('an unknown or expired authorization reads as expired; a network failure as offline', () => {
    expect(describeConsentError({ code: 'oauth_authorization_not_found', status: 404 })).toBe(CONSENT_TEXT.expired);
    expect(
      describeConsentError({ code: 'validation_failed', message: 'authorization request is no longer pending' }),
    ).toBe(CONSENT_TEXT.expired);
    expect(describeConsentError({ message: 'Failed to fetch', status: 0 })).toBe(CONSENT_TEXT.offline);
    expect(describeConsentError({ message: 'you hold no fan MediaID to grant' })).toBe(
      'Could not complete the request: you hold no fan MediaID to grant',
    );
  });
});

describe('the sign-in redirect back', () => {
  it('keeps a path of this app with its search', () => {
    expect(safeRedirectPath('/oauth/consent?authorization_id=abc')).toBe('/oauth/consent?authorization_id=abc');
  });
  it('drops other origins and anything that is not a path', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'oauth/consent',
      '/a\nb',
      42,
      null,
    ]) {
      expect(safeRedirectPath(bad)).toBeUndefined();
    }
  });
});
