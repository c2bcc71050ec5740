/**
 * media_engagement_log schema. Invariants: append-only and push-only — rows are
 * created on the device with a client-generated uuid and never pulled back; local schema v0.
 */
import type { RxJsonSchema } from 'rxdb';
import { SYNC_LOCAL_PROPERTIES } from '../local-fields';
import { indexedTimestampField, jsonObjectField, uuidField } from './common';
import type { EngagementLogDoc } from './types';

export const engagementLogSchema: RxJsonSchema<EngagementLogDoc> = {
  title: 'media_engagement_log',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: uuidField,
    user_id: uuidField,
    event_type: { type: 'string', minLength: 1, maxLength: 100 },
    is_anonymous: { type: 'boolean' },
    metadata: jsonObjectField,
    created_at: indexedTimestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: ['id', 'user_id', 'event_type', 'is_anonymous', 'metadata', 'created_at', 'sync_state'],
  indexes: ['sync_state', 'created_at'],
} as RxJsonSchema<EngagementLogDoc>;
