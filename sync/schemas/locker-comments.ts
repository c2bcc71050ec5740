/**
 * locker_comments schema: the fan's own comments on drops. Invariants: client uuid ids (a retried
 * push is idempotent); the server refuses a comment under the drop's fan_tier_required — the row
 * is then rejected locally and the UI removes it; append-only, so the server row wins a conflict.
 */
import type { RxJsonSchema } from 'rxdb';
import { createConflictHandler } from '../conflicts/create-conflict-handler';
import { SYNC_LOCAL_PROPERTIES, type SyncLocalFields } from '../local-fields';
import { indexedTimestampField, timestampField, uuidField } from './common';
import { fanKeyField } from './fan-common';

export interface LockerCommentRow {
  id: string;
  fan_id: string;
  item_id: string;
  body: string;
  created_at: string;
  updated_at: string;
}
export type LockerCommentDoc = LockerCommentRow & SyncLocalFields;

export const lockerCommentSchema: RxJsonSchema<LockerCommentDoc> = {
  title: 'locker_comments',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: uuidField,
    fan_id: uuidField,
    item_id: fanKeyField,
    body: { type: 'string', minLength: 1, maxLength: 500 },
    created_at: indexedTimestampField,
    updated_at: timestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: ['id', 'fan_id', 'item_id', 'body', 'created_at', 'updated_at', 'sync_state'],
  indexes: [['item_id', 'created_at'], 'sync_state'],
} as RxJsonSchema<LockerCommentDoc>;

export const lockerCommentConflictHandler = createConflictHandler<LockerCommentDoc>({ groups: [] });
