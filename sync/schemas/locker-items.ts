/**
 * locker_items schema. Invariants: pull-only — drops are written by the
 * server; `fan_id` null = a drop for every signed-in fan, else that fan's own (sample) drop;
 * the remaining time is derived from `expires_at` on the device; local v0.
 */
import type { RxJsonSchema } from 'rxdb';
import { createConflictHandler } from '../conflicts/create-conflict-handler';
import { SYNC_LOCAL_PROPERTIES, type SyncLocalFields } from '../local-fields';
import { indexedTimestampField, timestampField, uuidField } from './common';
import { countField, fanKeyField, nullableString, rarityField, type Rarity } from './fan-common';

export interface LockerItemRow {
  id: string;
  fan_id: string | null;
  type: 'music' | 'video' | 'code' | 'event' | 'image' | 'bonus' | 'other';
  title: string;
  artist: string;
  description: string;
  thumbnail: string;
  rarity: Rarity;
  is_new: boolean;
  code_value: string | null;
  brand_name: string | null;
  heart_count: number;
  fire_count: number;
  star_count: number;
  share_count: number;
  comment_count: number;
  fan_tier_required: number;
  priority: number;
  publish_date: string;
  expires_at: string;
  created_at: string;
  updated_at: string;
}
export type LockerItemDoc = LockerItemRow & SyncLocalFields;

export const lockerItemSchema: RxJsonSchema<LockerItemDoc> = {
  title: 'locker_items',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: fanKeyField,
    fan_id: { type: ['string', 'null'], maxLength: uuidField.maxLength },
    type: { type: 'string', enum: ['music', 'video', 'code', 'event', 'image', 'bonus', 'other'] },
    title: { type: 'string' },
    artist: { type: 'string' },
    description: { type: 'string' },
    thumbnail: { type: 'string' },
    rarity: rarityField,
    is_new: { type: 'boolean' },
    code_value: nullableString,
    brand_name: nullableString,
    heart_count: countField,
    fire_count: countField,
    star_count: countField,
    share_count: countField,
    comment_count: countField,
    fan_tier_required: { type: 'integer', minimum: 0, maximum: 3 },
    priority: { type: 'integer' },
    publish_date: { type: 'string' },
    expires_at: indexedTimestampField,
    created_at: timestampField,
    updated_at: timestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: ['id', 'type', 'title', 'artist', 'rarity', 'fan_tier_required', 'priority', 'expires_at', 'sync_state'],
  indexes: ['expires_at', 'sync_state'],
} as RxJsonSchema<LockerItemDoc>;

/** Server-written rows: the server always wins. */
export const lockerItemConflictHandler = createConflictHandler<LockerItemDoc>({ groups: [] });
