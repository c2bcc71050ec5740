/**
 * content_items schema. Invariants: id is client-generated (uuid) so an upload's
 * row insert is idempotent; file_path = `{artist id}/{timestamp}-{title}.{ext}` in bucket
 * `content`; indexes serve "my uploads, newest first" and "catalog, newest first".
 * v1: the server-owned file_verified / file_check (optional; older documents stay valid).
 */
import type { RxJsonSchema } from 'rxdb';
import { SYNC_LOCAL_PROPERTIES } from '../local-fields';
import { indexedTimestampField, jsonObjectField, nullableTimestampField, timestampField, uuidField } from './common';
import type { ContentItemDoc } from './types';

export const contentItemSchema: RxJsonSchema<ContentItemDoc> = {
  title: 'content_items',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: uuidField,
    artist_id: uuidField,
    title: { type: 'string', minLength: 1 },
    description: { type: ['string', 'null'] },
    file_path: { type: 'string', minLength: 1 },
    file_type: { type: ['string', 'null'] },
    file_size: { type: ['integer', 'null'], minimum: 0 },
    metadata: jsonObjectField,
    is_public: { type: 'boolean' },
    subscription_tier_required: { type: 'string', enum: ['free', 'tier1', 'tier2', 'tier3'] },
    unlock_date: nullableTimestampField,
    created_at: indexedTimestampField,
    updated_at: timestampField,
    file_verified: { type: ['boolean', 'null'] },
    file_check: { type: ['string', 'null'] },
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: [
    'id',
    'artist_id',
    'title',
    'file_path',
    'file_type',
    'file_size',
    'metadata',
    'is_public',
    'subscription_tier_required',
    'created_at',
    'updated_at',
    'sync_state',
  ],
  indexes: [['artist_id', 'created_at'], 'created_at', 'sync_state'],
} as RxJsonSchema<ContentItemDoc>;
