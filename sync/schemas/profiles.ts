/**
 * profiles schema. Invariants: id = the auth user id; one row per user; display_name is
 * the public (artist) name, with bio, picture_path and genres the public identity (migration
 * 20261127100000); version 1 added those optional fields, version 2 the announcement of an
 * upcoming release (`announcement`, `announcement_on`: a date, set or cleared together; migration
 * 20261128910000) — strategies in the registry.
 */
import type { RxJsonSchema } from 'rxdb';
import { SYNC_LOCAL_PROPERTIES } from '../local-fields';
import { roleField, timestampField, uuidField } from './common';
import type { ProfileDoc } from './types';

export const profileSchema: RxJsonSchema<ProfileDoc> = {
  title: 'profiles',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: uuidField,
    display_name: { type: ['string', 'null'] },
    role: roleField,
    email_verified: { type: 'boolean' },
    onboarding_completed: { type: 'boolean' },
    bio: { type: 'string', maxLength: 280 },
    picture_path: { type: ['string', 'null'] },
    genres: { type: 'array', items: { type: 'string' }, maxItems: 5 },
    announcement: { type: ['string', 'null'], maxLength: 80 },
    announcement_on: { type: ['string', 'null'], maxLength: 10 },
    created_at: timestampField,
    updated_at: timestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: ['id', 'role', 'email_verified', 'onboarding_completed', 'created_at', 'updated_at', 'sync_state'],
  indexes: ['sync_state'],
} as RxJsonSchema<ProfileDoc>;
