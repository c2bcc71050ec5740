/**
 * daily_rewards schema: the fan's 30-day calendar. Invariants: pull-only
 * (the server writes calendars); id = `fan_id|day`; a day is unlocked when `unlock_date` ≤ today
 * or `unlocked_early`; "claimed" lives in reward_claims, "today" is computed on the device.
 * Version 1: `replaced_brand_name`, `replaced_title` (server-owned): on a day refilled because its
 * brand stopped the campaign, the brand's public name and the campaign title the day showed.
 */
import type { RxJsonSchema } from 'rxdb';
import { createConflictHandler } from '../conflicts/create-conflict-handler';
import { SYNC_LOCAL_PROPERTIES, type SyncLocalFields } from '../local-fields';
import { timestampField, uuidField } from './common';
import { fanKeyField, nullableString, rarityField, type Rarity } from './fan-common';

export interface DailyRewardRow {
  id: string;
  fan_id: string;
  day: number;
  type: 'music' | 'video' | 'code' | 'bonus';
  rarity: Rarity;
  title: string;
  artist: string;
  description: string;
  thumbnail: string;
  brand_name: string | null;
  /** Set by the server when this day replaced a stopped campaign's code: what the day showed. */
  replaced_brand_name?: string | null;
  replaced_title?: string | null;
  streak_bonus: boolean;
  unlock_date: string;
  unlocked_early: boolean;
  created_at: string;
  updated_at: string;
}
export type DailyRewardDoc = DailyRewardRow & SyncLocalFields;

export const dailyRewardSchema: RxJsonSchema<DailyRewardDoc> = {
  title: 'daily_rewards',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: fanKeyField,
    fan_id: uuidField,
    day: { type: 'integer', minimum: 1, maximum: 30, multipleOf: 1 },
    type: { type: 'string', enum: ['music', 'video', 'code', 'bonus'] },
    rarity: rarityField,
    title: { type: 'string' },
    artist: { type: 'string' },
    description: { type: 'string' },
    thumbnail: { type: 'string' },
    brand_name: nullableString,
    replaced_brand_name: nullableString,
    replaced_title: nullableString,
    streak_bonus: { type: 'boolean' },
    unlock_date: { type: 'string' },
    unlocked_early: { type: 'boolean' },
    created_at: timestampField,
    updated_at: timestampField,
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: ['id', 'fan_id', 'day', 'type', 'rarity', 'title', 'unlock_date', 'sync_state'],
  indexes: ['day', 'sync_state'],
} as RxJsonSchema<DailyRewardDoc>;

export const dailyRewardConflictHandler = createConflictHandler<DailyRewardDoc>({ groups: [] });
