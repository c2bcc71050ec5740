import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY, privacyFromModalPayload } from '../../../src/features/mediaid/constants';
import { buildCompletedProfile, buildMediaId, buildSetupEvent } from '../../../src/features/mediaid/build-media-id';

const now = '2025-01-01T00:00:00.000Z';

describe('MediaID rows', () => {
  it('builds a deterministic id and the spec defaults', () => {
    const row = buildMediaId({
      userId: 'u',
      role: 'fan',
      interests: ['a'],
      genres: [],
      privacy: DEFAULT_PRIVACY,
      locationCode: 'US',
      now,
    });
    expect(row).toMatchObject({ id: 'u|fan', version: 1, is_active: true, content_flags: {}, location_code: 'US' });
  });
  it('keeps created_at and content flags of an existing MediaID', () => {
    const row = buildMediaId({
      userId: 'u',
      role: 'fan',
      interests: [],
      genres: [],
      privacy: DEFAULT_PRIVACY,
      locationCode: '',
      now,
      existing: { created_at: 'then', content_flags: { mood: 'calm' } },
    });
    expect(row.created_at).toBe('then');
    expect(row.content_flags).toEqual({ mood: 'calm' });
  });
  it('maps the camelCase modal payload', () => {
    expect(
      privacyFromModalPayload({
        dataSharing: false,
        locationAccess: true,
        audioCapture: true,
        anonymousLogging: false,
        marketingCommunications: true,
      }),
    ).toEqual({
      data_sharing: false,
      location_access: true,
      audio_capture: true,
      anonymous_logging: false,
      marketing_communications: true,
    });
  });
  it('completes the profile and logs the setup event', () => {
    expect(buildCompletedProfile('u', 'artist', now)).toMatchObject({
      id: 'u',
      role: 'artist',
      onboarding_completed: true,
      email_verified: false,
    });
    const event = buildSetupEvent({
      id: 'e',
      userId: 'u',
      interestsCount: 4,
      privacy: DEFAULT_PRIVACY,
      role: 'fan',
      now,
    });
    expect(event).toMatchObject({
      event_type: 'mediaid_setup_completed',
      metadata: { interests_count: 4, privacy_level: 2, selected_role: 'fan' },
    });
  });
});
