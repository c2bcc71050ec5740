/**
 * media_ids schema. Invariants: id = `${user_uuid}|${role}` (unique per user and role);
 * at most 5 interests; privacy_settings carries exactly the five boolean switches;
 * version 0 of the local schema — bump it together with a migration strategy in the registry.
 */
import type { RxJsonSchema } from 'rxdb';
import { SYNC_LOCAL_PROPERTIES } from '../local-fields';
import { indexedTimestampField, jsonObjectField, roleField, timestampField, uuidField } from './common';
import type { MediaIdDoc } from './types';

const privacySwitch = { type: 'boolean' } as const;

export const mediaIdSchema: RxJsonSchema<MediaIdDoc> = {
  title: 'media_ids',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', maxLength: 64 },
    user_uuid: uuidField,
    role: roleField,
    interests: { type: 'array', maxItems: 5, items: { type: 'string' } },
    genre_preferences: { type: 'array', items: { type: 'string' } },
    location_code: { type: ['string', 'null'] },
    content_flags: jsonObjectField,
    privacy_settings: {
      type: 'object',
      additionalProperties: false,
      properties: {
        data_sharing: privacySwitch,
        location_access: privacySwitch,
        audio_capture: privacySwitch,
        anonymous_logging: privacySwitch,
        marketing_communications: privacySwitch,
      },
    },
    version: { type: 'integer', minimum: 1 },
    is_active: { type: 'boolean' },
    created_at: timestampField,
    updated_at: indexedTimestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: [
    'id',
    'user_uuid',
    'role',
    'interests',
    'genre_preferences',
    'content_flags',
    'privacy_settings',
    'version',
    'is_active',
    'created_at',
    'updated_at',
    'sync_state',
  ],
  indexes: [['user_uuid', 'role'], 'sync_state'],
} as RxJsonSchema<MediaIdDoc>;
