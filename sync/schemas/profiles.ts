/**
 * profiles schema (spec §3). Invariants: id = the auth user id; one row per user; local schema
 * version 0 (bump with a migration strategy in the registry).
 */
import type { RxJsonSchema } from 'rxdb';
import { SYNC_LOCAL_PROPERTIES } from '../local-fields';
import { roleField, timestampField, uuidField } from './common';
import type { ProfileDoc } from './types';

export const profileSchema: RxJsonSchema<ProfileDoc> = {
  title: 'profiles',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: uuidField,
    display_name: { type: ['string', 'null'] },
    role: roleField,
    email_verified: { type: 'boolean' },
    onboarding_completed: { type: 'boolean' },
    created_at: timestampField,
    updated_at: timestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: ['id', 'role', 'email_verified', 'onboarding_completed', 'created_at', 'updated_at', 'sync_state'],
  indexes: ['sync_state'],
} as RxJsonSchema<ProfileDoc>;
