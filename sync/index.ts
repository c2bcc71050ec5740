/**
 * Entry `@sync`: the local-first engine (start it, open the device database, first pages), plus
 * everything the lighter entries hold. The app imports sync/ only through its entries — `@sync`,
 * `@sync/model` (rules and row types, no RxDB), `@sync/writes`, `@sync/outbox`, `@sync/storage`
 * (tsconfig.paths.json; eslint.config.js refuses any other path into sync/). Invariants: nothing in
 * sync/ imports React, Mantine or src/; no module does anything when imported (sync/package.json
 * says `sideEffects: false`, so the bundler drops what an entry's importer does not use);
 * `@supabase/supabase-js` is used for types only (the client is passed in); `@sync/first-pages` is
 * the first pages' pull alone, its own small chunk for a new device's first screen.
 */
export { createSyncEngine } from './engine/create-sync-engine';
export type { SyncEngine, SyncEngineOptions } from './engine/sync-engine-contract';
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
export * from './model';
export * from './writes';
