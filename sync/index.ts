/**
 * Public entry of the local-first engine. Invariants: the app imports only from here; nothing
 * in sync/ imports React, Mantine or src/; `@supabase/supabase-js` is used for types only (the
 * client is passed in).
 */
export { createSyncEngine } from './engine/create-sync-engine';
export type { SyncEngine, SyncEngineOptions } from './engine/create-sync-engine';
export type { SyncStatus, FailureKind, ConnectionMode } from './engine/derive-status';
export type { SyncFailureInfo } from './engine/sync-meta';
export type { SyncRejection } from './replication/reporter';
export { databaseNameForUser, openBucketDatabase } from './database';
export { createFirstPages } from './replication/first-pages';
export type { FirstPages } from './replication/first-pages';
export type { OpenDatabaseOptions } from './database';
export { COLLECTIONS, COLLECTION_NAMES } from './collections';
export type { BucketDatabase, BucketCollections, CollectionName } from './collections';
export type { SyncState, SyncError, SyncLocalFields } from './local-fields';
export * from './schemas/types';
export { upsertMediaId } from './writes/upsert-media-id';
export type { MediaIdInput } from './writes/upsert-media-id';
export { saveProfile } from './writes/save-profile';
export type { ProfileInput } from './writes/save-profile';
export { logEngagement } from './writes/log-engagement';
export type { EngagementInput } from './writes/log-engagement';
export { putContentItem } from './writes/put-content-item';
export type { ContentItemInput } from './writes/put-content-item';
export { DEFAULT_PRIVACY_SETTINGS, mediaIdKey, privacyLevel } from './writes/media-id-defaults';
export { followArtist, unfollowArtist } from './writes/follow-artist';
export type { FollowInput } from './writes/follow-artist';
export * from './fans/entitlement';
