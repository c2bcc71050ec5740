/**
 * The collection registry: one entry per replicated table, named exactly like the table.
 * Invariants: adding a synced collection = a schema file + one entry here (its conflict policy,
 * field groups, migration strategies and replication direction); schema `version` and
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

export interface CollectionDefinition<Doc> {
  schema: RxJsonSchema<Doc>;
  conflictHandler: RxConflictHandler<Doc>;
  migrationStrategies: MigrationStrategies;
  fieldGroups: readonly FieldGroup[];
  replication: { pull: boolean; push: boolean; batchSize: number };
  isVisible?: (row: Record<string, unknown>, userId: string) => boolean;
}

function define<Doc>(definition: CollectionDefinition<Doc>): CollectionDefinition<Doc> {
  return definition;
}

export const COLLECTIONS = {
  profiles: define<ProfileDoc>({
    schema: profileSchema,
    conflictHandler: profileConflictHandler,
    migrationStrategies: {},
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
    migrationStrategies: {},
    fieldGroups: CONTENT_ITEM_FIELD_GROUPS,
    replication: { pull: true, push: true, batchSize: 1000 },
  }),
};

export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

type DocOf<D> = D extends CollectionDefinition<infer Doc> ? Doc : never;
export type BucketCollections = { [K in CollectionName]: RxCollection<DocOf<(typeof COLLECTIONS)[K]>> };
export type BucketDatabase = RxDatabase<BucketCollections>;
export type DocumentOf<K extends CollectionName> = DocOf<(typeof COLLECTIONS)[K]>;

/** Field names a pulled row may carry into the local document. */
export function knownFieldsOf(name: CollectionName): ReadonlySet<string> {
  return new Set(Object.keys(COLLECTIONS[name].schema.properties));
}
