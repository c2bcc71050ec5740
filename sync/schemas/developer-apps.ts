/**
 * developer_apps schema: the developer portal's OAuth applications. Invariants:
 * id is a client-generated uuid (an app created offline is pushed once, idempotently); the clear
 * client secret is never a field — only its SHA-256 hex and last four characters; redirect URIs
 * and scopes mirror the server's checks; usage counters are the server's (read-only here).
 */
import type { RxJsonSchema } from 'rxdb';
import { SYNC_LOCAL_PROPERTIES, type SyncLocalFields } from '../local-fields';
import { nullableTimestampField, timestampField, uuidField } from './common';
import { DEVELOPER_APP_SCOPES, type DeveloperAppScope } from './scopes';

export type DeveloperAppStatus = 'active' | 'disabled';

export interface DeveloperAppRow {
  id: string;
  owner_id: string;
  name: string;
  description: string | null;
  client_id: string;
  client_secret_hash: string;
  client_secret_last4: string | null;
  redirect_uris: string[];
  scopes: DeveloperAppScope[];
  status: DeveloperAppStatus;
  api_calls: number;
  users: number;
  last_used: string | null;
  created_at: string;
  updated_at: string;
}
export type DeveloperAppDoc = DeveloperAppRow & SyncLocalFields;

export const developerAppSchema: RxJsonSchema<DeveloperAppDoc> = {
  title: 'developer_apps',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: uuidField,
    owner_id: uuidField,
    name: { type: 'string', minLength: 1, maxLength: 80 },
    description: { type: ['string', 'null'], maxLength: 500 },
    client_id: { type: 'string', maxLength: 80 },
    client_secret_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    client_secret_last4: { type: ['string', 'null'] },
    redirect_uris: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'string', maxLength: 2048 } },
    scopes: { type: 'array', minItems: 1, items: { type: 'string', enum: [...DEVELOPER_APP_SCOPES] } },
    status: { type: 'string', enum: ['active', 'disabled'] },
    api_calls: { type: 'number', minimum: 0 },
    users: { type: 'integer', minimum: 0 },
    last_used: nullableTimestampField,
    created_at: timestampField,
    updated_at: timestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: [
    'id',
    'owner_id',
    'name',
    'client_id',
    'client_secret_hash',
    'redirect_uris',
    'scopes',
    'status',
    'api_calls',
    'users',
    'created_at',
    'updated_at',
    'sync_state',
  ],
  indexes: ['sync_state'],
} as RxJsonSchema<DeveloperAppDoc>;
