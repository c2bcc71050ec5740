/**
 * The collection registry: one entry per replicated table, named exactly like the table.
 * Invariants: adding a synced collection = a schema file + one entry here (its conflict policy,
 * field groups, migration strategies, replication direction and live topics — the server's
 * triggers in supabase/migrations/*_live_broadcast.sql must name it too, and the server's registry
 * public.sync_tables needs its row with the same push/pull: registry-agrees.test.ts); schema `version` and
 * `migrationStrategies` move together; `isVisible` is a client-side ownership check on pulled
 * rows (RLS on the server is the real guard).
 */
import type { MigrationStrategies, RxCollection, RxConflictHandler, RxDatabase, RxJsonSchema } from 'rxdb';
import type { FieldGroup } from './conflicts/merge-field-groups';
import { contentItemConflictHandler, CONTENT_ITEM_FIELD_GROUPS } from './conflicts/content-items';
import { engagementLogConflictHandler } from './conflicts/engagement-log';
import { mediaIdConflictHandler, MEDIA_ID_FIELD_GROUPS } from './conflicts/media-ids';
import { profileConflictHandler, PROFILE_FIELD_GROUPS } from './conflicts/profiles';
import { contentItemSchema } from './schemas/content-items';
import { engagementLogSchema } from './schemas/media-engagement-log';
import { mediaIdSchema } from './schemas/media-ids';
import { profileSchema } from './schemas/profiles';
import type { ContentItemDoc, EngagementLogDoc, MediaIdDoc, ProfileDoc } from './schemas/types';
import { dailyRewardConflictHandler, dailyRewardSchema, type DailyRewardDoc } from './schemas/daily-rewards';
import { lockerCommentConflictHandler, lockerCommentSchema, type LockerCommentDoc } from './schemas/locker-comments';
import {
  lockerInteractionConflictHandler,
  lockerInteractionSchema,
  LOCKER_INTERACTION_FIELD_GROUPS,
  type LockerInteractionDoc,
} from './schemas/locker-interactions';
import { lockerItemConflictHandler, lockerItemSchema, type LockerItemDoc } from './schemas/locker-items';
import {
  rewardClaimConflictHandler,
  rewardClaimSchema,
  REWARD_CLAIM_FIELD_GROUPS,
  type RewardClaimDoc,
} from './schemas/reward-claims';
import { subscriptionConflictHandler, subscriptionSchema, type SubscriptionDoc } from './schemas/subscriptions';
import { developerAppConflictHandler, DEVELOPER_APP_FIELD_GROUPS } from './conflicts/developer-apps';
import { developerAppSchema, type DeveloperAppDoc } from './schemas/developer-apps';
import {
  followedContentConflictHandler,
  followedContentSchema,
  type FollowedContentDoc,
} from './schemas/followed-content';

export interface CollectionDefinition<Doc> {
  schema: RxJsonSchema<Doc>;
  conflictHandler: RxConflictHandler<Doc>;
  migrationStrategies: MigrationStrategies;
  fieldGroups: readonly FieldGroup[];
  replication: { pull: boolean; push: boolean; batchSize: number };
  isVisible?: (row: Record<string, unknown>, userId: string) => boolean;
  /** Live topics besides the user's own whose messages name this collection (sync/live/live-topics.ts). */
  liveTopics?: readonly LiveTopicKind[];
}

/**
 * 'everyone': rows without an owner (told to every signed-in user); 'followed-artists': each
 * followed artist's topic (their content changed).
 */
export type LiveTopicKind = 'everyone' | 'followed-artists';

function define<Doc>(definition: CollectionDefinition<Doc>): CollectionDefinition<Doc> {
  return definition;
}

export const COLLECTIONS = {
  profiles: define<ProfileDoc>({
    schema: profileSchema,
    conflictHandler: profileConflictHandler,
    // 1: optional public identity fields (bio, picture_path, genres); 2: optional announcement
    // fields. Old documents stay valid.
    migrationStrategies: { 1: (doc: unknown) => doc, 2: (doc: unknown) => doc },
    fieldGroups: PROFILE_FIELD_GROUPS,
    replication: { pull: true, push: true, batchSize: 100 },
    isVisible: (row, userId) => row.id === userId,
  }),
  media_ids: define<MediaIdDoc>({
    schema: mediaIdSchema,
    conflictHandler: mediaIdConflictHandler,
    migrationStrategies: {},
    fieldGroups: MEDIA_ID_FIELD_GROUPS,
    replication: { pull: true, push: true, batchSize: 1000 },
    isVisible: (row, userId) => row.user_uuid === userId,
  }),
  media_engagement_log: define<EngagementLogDoc>({
    schema: engagementLogSchema,
    conflictHandler: engagementLogConflictHandler,
    migrationStrategies: {},
    fieldGroups: [],
    replication: { pull: false, push: true, batchSize: 100 },
  }),
  content_items: define<ContentItemDoc>({
    schema: contentItemSchema,
    conflictHandler: contentItemConflictHandler,
    // 1: optional server-owned file_verified / file_check; old documents stay valid.
    migrationStrategies: { 1: (doc: unknown) => doc },
    fieldGroups: CONTENT_ITEM_FIELD_GROUPS,
    replication: { pull: true, push: true, batchSize: 1000 },
    // the artist's own items; fans receive others' through followed_content
    isVisible: (row, userId) => row.artist_id === userId,
  }),
  // Fan experience (locker, rewards, subscriptions): drops and calendars are pull-only.
  locker_items: define<LockerItemDoc>({
    schema: lockerItemSchema,
    conflictHandler: lockerItemConflictHandler,
    migrationStrategies: {},
    fieldGroups: [],
    replication: { pull: true, push: false, batchSize: 500 },
    isVisible: (row, userId) => row.fan_id === null || row.fan_id === userId,
    liveTopics: ['everyone'],
  }),
  locker_interactions: define<LockerInteractionDoc>({
    schema: lockerInteractionSchema,
    conflictHandler: lockerInteractionConflictHandler,
    migrationStrategies: {},
    fieldGroups: LOCKER_INTERACTION_FIELD_GROUPS,
    replication: { pull: true, push: true, batchSize: 500 },
    isVisible: (row, userId) => row.fan_id === userId,
  }),
  locker_comments: define<LockerCommentDoc>({
    schema: lockerCommentSchema,
    conflictHandler: lockerCommentConflictHandler,
    migrationStrategies: {},
    fieldGroups: [],
    replication: { pull: true, push: true, batchSize: 500 },
    isVisible: (row, userId) => row.fan_id === userId,
  }),
  subscriptions: define<SubscriptionDoc>({
    schema: subscriptionSchema,
    conflictHandler: subscriptionConflictHandler,
    // 1: the artist's announcement; 2: why a paid tier ended (both server-owned, optional):
    // old documents stay valid.
    migrationStrategies: { 1: (doc: unknown) => doc, 2: (doc: unknown) => doc },
    fieldGroups: [],
    replication: { pull: true, push: true, batchSize: 500 },
    isVisible: (row, userId) => row.fan_id === userId,
  }),
  daily_rewards: define<DailyRewardDoc>({
    schema: dailyRewardSchema,
    conflictHandler: dailyRewardConflictHandler,
    // 1: what a day replaced when its brand stopped the campaign (server-owned, optional): old
    // documents stay valid; the version also renames the replication, so the calendar is pulled
    // again with the new fields (replicationIdentifier in replication/replicate-collection.ts).
    migrationStrategies: { 1: (doc: unknown) => doc },
    fieldGroups: [],
    replication: { pull: true, push: false, batchSize: 500 },
    isVisible: (row, userId) => row.fan_id === userId,
  }),
  reward_claims: define<RewardClaimDoc>({
    schema: rewardClaimSchema,
    conflictHandler: rewardClaimConflictHandler,
    migrationStrategies: {},
    fieldGroups: REWARD_CLAIM_FIELD_GROUPS,
    replication: { pull: true, push: true, batchSize: 500 },
    isVisible: (row, userId) => row.fan_id === userId,
  }),
  // Developer portal: the owner's OAuth applications (RLS: owner only).
  developer_apps: define<DeveloperAppDoc>({
    schema: developerAppSchema,
    conflictHandler: developerAppConflictHandler,
    migrationStrategies: {},
    fieldGroups: DEVELOPER_APP_FIELD_GROUPS,
    replication: { pull: true, push: true, batchSize: 100 },
    isVisible: (row, userId) => row.owner_id === userId,
  }),
  // Artists reach fans: the followed artists' items (a server view; pull-only, see its schema).
  followed_content: define<FollowedContentDoc>({
    schema: followedContentSchema,
    conflictHandler: followedContentConflictHandler,
    migrationStrategies: {},
    fieldGroups: [],
    replication: { pull: true, push: false, batchSize: 500 },
    isVisible: (row, userId) => row.fan_id === userId,
    liveTopics: ['followed-artists'],
  }),
};

export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

type DocOf<D> = D extends CollectionDefinition<infer Doc> ? Doc : never;
export type BucketCollections = { [K in CollectionName]: RxCollection<DocOf<(typeof COLLECTIONS)[K]>> };
export type BucketDatabase = RxDatabase<BucketCollections>;

/** Registry collections actually open in this database (see `collections` in database.ts). */
export function openCollectionNames(db: BucketDatabase): CollectionName[] {
  return COLLECTION_NAMES.filter((name) => name in db.collections);
}

/** Live topics besides the user's own that name this collection. */
export function liveTopicsOf(name: CollectionName): readonly LiveTopicKind[] {
  return (COLLECTIONS[name] as CollectionDefinition<unknown>).liveTopics ?? [];
}

/** Field names a pulled row may carry into the local document. */
export function knownFieldsOf(name: CollectionName): ReadonlySet<string> {
  return new Set(Object.keys(COLLECTIONS[name].schema.properties));
}
