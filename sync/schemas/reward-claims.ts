/**
 * reward_claims schema: one row per claimed day, plus the fan's React/Save/Share on it.
 * Invariants: id = `fan_id|day` (a claim made offline on two devices is one row); the server
 * refuses a locked day — the row is rejected and the UI rolls it back with the server's message;
 * an already-claimed day comes back as a conflict and the server row wins; the interaction
 * flags merge per flag (newer edit wins).
 */
import type { RxJsonSchema } from 'rxdb';
import { createConflictHandler } from '../conflicts/create-conflict-handler';
import { SYNC_LOCAL_PROPERTIES, type SyncLocalFields } from '../local-fields';
import { timestampField, uuidField } from './common';
import { fanKeyField } from './fan-common';

export interface RewardClaimRow {
  id: string;
  fan_id: string;
  day: number;
  claimed_at: string;
  reacted: boolean;
  saved: boolean;
  shared: boolean;
  created_at: string;
  updated_at: string;
}
export type RewardClaimDoc = RewardClaimRow & SyncLocalFields;

export const rewardClaimSchema: RxJsonSchema<RewardClaimDoc> = {
  title: 'reward_claims',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: fanKeyField,
    fan_id: uuidField,
    day: { type: 'integer', minimum: 1, maximum: 30, multipleOf: 1 },
    claimed_at: timestampField,
    reacted: { type: 'boolean' },
    saved: { type: 'boolean' },
    shared: { type: 'boolean' },
    created_at: timestampField,
    updated_at: timestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: ['id', 'fan_id', 'day', 'claimed_at', 'reacted', 'saved', 'shared', 'created_at', 'updated_at', 'sync_state'],
  indexes: ['sync_state'],
} as RxJsonSchema<RewardClaimDoc>;

export const REWARD_CLAIM_FIELD_GROUPS = [
  { name: 'reacted', fields: ['reacted'] },
  { name: 'saved', fields: ['saved'] },
  { name: 'shared', fields: ['shared'] },
] as const;

export const rewardClaimConflictHandler = createConflictHandler<RewardClaimDoc>({ groups: REWARD_CLAIM_FIELD_GROUPS });
