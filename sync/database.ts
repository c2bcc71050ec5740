/**
 * Opens the per-user RxDB database on the Dexie storage. Invariants: one database per signed-in
 * user, named from the user id, so another user's rows can never be read from it; collections
 * come from the registry with their hooks installed before any write; RxDB dev-mode is loaded
 * only when asked and only in Node (through a specifier bundlers cannot see), never in the
 * browser bundle; schema validation is the caller's choice of `storage` (ajv in tests/dev only).
 */
import { addRxPlugin, createRxDatabase, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { COLLECTIONS, COLLECTION_NAMES, type BucketDatabase, type CollectionName } from './collections';
import { trackLocalWrites } from './track-local-writes';

export interface OpenDatabaseOptions {
  /** Database name; defaults to `databaseNameForUser(userId)`. */
  name: string;
  /** Storage to use; defaults to Dexie on `indexedDB` / `IDBKeyRange` (or the globals). */
  storage?: RxStorage<unknown, unknown>;
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Node tests only: loads rxdb/plugins/dev-mode (schema checks, frozen docs). */
  devMode?: boolean;
  /** Several tabs share the database (leader election, cross-tab events). Default true. */
  multiInstance?: boolean;
  /**
   * Collections to open; default all of the registry. Open-source RxDB allows at most 13 open
   * collections per JS process (error COL23), so tests running two devices open a subset.
   */
  collections?: readonly CollectionName[];
}

/** `bucket_<user id>`: lower-cased, with anything outside [a-z0-9_-] replaced. */
export function databaseNameForUser(userId: string): string {
  const safe = userId.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
  if (!safe) throw new Error('databaseNameForUser: empty user id');
  return `bucket_${safe}`;
}

let devModeLoaded: Promise<void> | undefined;

function loadDevMode(): Promise<void> {
  const nodeProcess = (globalThis as { process?: { versions?: { node?: string } } }).process;
  if (!nodeProcess?.versions?.node) {
    return Promise.reject(new Error('RxDB dev-mode is for Node tests only; never enable it in the browser.'));
  }
  // A variable specifier keeps bundlers from pulling dev-mode (and its iframe) into the app.
  const specifier = 'rxdb/plugins/dev-mode';
  devModeLoaded ??= import(/* @vite-ignore */ specifier).then((mod: typeof import('rxdb/plugins/dev-mode')) => {
    mod.disableWarnings();
    addRxPlugin(mod.RxDBDevModePlugin);
  });
  return devModeLoaded;
}

export async function openBucketDatabase(options: OpenDatabaseOptions): Promise<BucketDatabase> {
  if (options.devMode) await loadDevMode();
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBLocalDocumentsPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);

  const storage =
    options.storage ??
    getRxStorageDexie(
      options.indexedDB ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange } : undefined,
    );
  const db = await createRxDatabase<BucketDatabase['collections']>({
    name: options.name,
    storage,
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    localDocuments: true,
    closeDuplicates: true,
  });
  const names = options.collections ?? COLLECTION_NAMES;
  try {
    await db.addCollections(
      Object.fromEntries(
        names.map((name) => {
          const def = COLLECTIONS[name];
          return [
            name,
            {
              schema: def.schema,
              conflictHandler: def.conflictHandler,
              migrationStrategies: def.migrationStrategies,
              localDocuments: false,
            },
          ];
        }),
      ) as never,
    );
    for (const name of names) trackLocalWrites(db.collections[name] as never, COLLECTIONS[name].fieldGroups);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db as BucketDatabase;
}
