/**
 * locker_interactions schema: the fan's own reaction, saved/used/shared flags and claimed date
 * per drop. Invariants: id = `fan_id|item_id`; reaction, flags and claim merge as separate groups
 * (the newer edit wins each), so a reaction on one device and a save on another both survive.
 */
import type { RxJsonSchema } from 'rxdb';
import { createConflictHandler } from '../conflicts/create-conflict-handler';
import { SYNC_LOCAL_PROPERTIES, type SyncLocalFields } from '../local-fields';
import { timestampField, uuidField } from './common';
import { fanKeyField } from './fan-common';

export interface LockerInteractionRow {
  id: string;
  fan_id: string;
  item_id: string;
  reaction: 'heart' | 'fire' | 'star' | null;
  saved: boolean;
  used: boolean;
  shared: boolean;
  claimed_date: string | null;
  created_at: string;
  updated_at: string;
}
export type LockerInteractionDoc = LockerInteractionRow & SyncLocalFields;

export const lockerInteractionSchema: RxJsonSchema<LockerInteractionDoc> = {
  title: 'locker_interactions',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: fanKeyField,
    fan_id: uuidField,
    item_id: fanKeyField,
    reaction: { type: ['string', 'null'], enum: ['heart', 'fire', 'star', null] },
    saved: { type: 'boolean' },
    used: { type: 'boolean' },
    shared: { type: 'boolean' },
    claimed_date: { type: ['string', 'null'] },
    created_at: timestampField,
    updated_at: timestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: ['id', 'fan_id', 'item_id', 'saved', 'used', 'shared', 'created_at', 'updated_at', 'sync_state'],
  indexes: ['item_id', 'sync_state'],
} as RxJsonSchema<LockerInteractionDoc>;

export const LOCKER_INTERACTION_FIELD_GROUPS = [
  { name: 'reaction', fields: ['reaction'] },
  { name: 'saved', fields: ['saved'] },
  { name: 'used', fields: ['used'] },
  { name: 'shared', fields: ['shared'] },
  { name: 'claimed', fields: ['claimed_date'] },
] as const;

export const lockerInteractionConflictHandler = createConflictHandler<LockerInteractionDoc>({
  groups: LOCKER_INTERACTION_FIELD_GROUPS,
});
