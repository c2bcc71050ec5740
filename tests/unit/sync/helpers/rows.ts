// Spec-shaped server rows for tests (PostgREST timestamp format).
export const USER_A = '11111111-1111-4111-8111-111111111111';
export const USER_B = '22222222-2222-4222-8222-222222222222';

export function serverMediaId(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `${USER_A}|fan`,
    user_uuid: USER_A,
    role: 'fan',
    interests: ['Rising talent', 'Early releases', 'Exclusive content'],
    genre_preferences: ['Jazz'],
    location_code: 'US',
    content_flags: {},
    privacy_settings: {
      data_sharing: true,
      location_access: false,
      audio_capture: false,
      anonymous_logging: true,
      marketing_communications: false,
    },
    version: 1,
    is_active: true,
    created_at: '2026-11-20T21:54:00.123456+00:00',
    updated_at: '2026-11-20T21:54:00.123456+00:00',
    _modified: '2026-11-20T21:54:00.223456+00:00',
    _deleted: false,
    ...overrides,
  };
}
