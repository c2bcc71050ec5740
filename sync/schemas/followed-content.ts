/**
 * followed_content schema: the items of the artists a fan follows, from the server view
 * of the same name. Invariants: pull-only (the server computes it per fan); `_modified` is the
 * view's greatest(item, subscription, passed unlock date) so late follows, tier changes and
 * unlocks are pulled; a locked row carries public fields only (file_path, description and
 * file_size null) and `locked` true; an unfollow arrives as a tombstone; the server always wins.
 */
import type { RxJsonSchema } from 'rxdb';
import { createConflictHandler } from '../conflicts/create-conflict-handler';
import type { ContentTier } from '../fans/entitlement';
import { SYNC_LOCAL_PROPERTIES, type SyncLocalFields } from '../local-fields';
import { indexedTimestampField, jsonObjectField, nullableTimestampField, uuidField } from './common';

export interface FollowedContentRow {
  id: string;
  fan_id: string;
  artist_id: string;
  artist_name: string;
  title: string;
  description: string | null;
  file_path: string | null;
  file_type: string | null;
  file_size: number | null;
  metadata: Record<string, unknown>;
  is_public: boolean;
  subscription_tier_required: ContentTier;
  unlock_date: string | null;
  created_at: string;
  follower_tier: ContentTier;
  locked: boolean;
}
export type FollowedContentDoc = FollowedContentRow & SyncLocalFields;

const tierField = { type: 'string', enum: ['free', 'tier1', 'tier2', 'tier3'] } as const;

export const followedContentSchema: RxJsonSchema<FollowedContentDoc> = {
  title: 'followed_content',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: uuidField,
    fan_id: uuidField,
    artist_id: uuidField,
    artist_name: { type: 'string' },
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    file_path: { type: ['string', 'null'] },
    file_type: { type: ['string', 'null'] },
    file_size: { type: ['integer', 'null'], minimum: 0 },
    metadata: jsonObjectField,
    is_public: { type: 'boolean' },
    subscription_tier_required: tierField,
    unlock_date: nullableTimestampField,
    created_at: indexedTimestampField,
    follower_tier: tierField,
    locked: { type: 'boolean' },
    ...SYNC_LOCAL_PROPERTIES,
  },
  required: [
    'id',
    'fan_id',
    'artist_id',
    'title',
    'is_public',
    'subscription_tier_required',
    'created_at',
    'locked',
    'sync_state',
  ],
  indexes: ['created_at', 'sync_state'],
} as RxJsonSchema<FollowedContentDoc>;

/** Server-computed rows: the server always wins. */
export const followedContentConflictHandler = createConflictHandler<FollowedContentDoc>({ groups: [] });
