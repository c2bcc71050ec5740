/**
 * Opens the per-user RxDB database on the Dexie storage. Invariants: one database per signed-in
 * user, named from the user id, so another user's rows can never be read from it; collections
 * come from the registry with their hooks installed before any write; RxDB dev-mode is loaded
 * only when asked and only in Node (through a specifier bundlers cannot see), never in the
 * browser bundle; schema validation is the caller's choice of `storage` (ajv in tests/dev only).
 * Open-source RxDB allows at most OPEN_COLLECTION_LIMIT open collections per JS process (COL23):
 * the registry must fit in it (unit-tested), and an open waits until the collections it needs
 * are free (a previous user's database still closing) or fails with a clear error — it never
 * overlaps two full registries.
 */
import { NON_PREMIUM_COLLECTION_LIMIT, OPEN_COLLECTIONS, addRxPlugin, createRxDatabase, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { COLLECTIONS, COLLECTION_NAMES, type BucketDatabase, type CollectionName } from './collections';
import { trackLocalWrites } from './track-local-writes';

export { databaseNameForUser } from './database-name';

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
  /** How long to wait for a closing database to free RxDB collection slots. Default 10 s. */
  collectionSlotTimeoutMs?: number;
}

/** Open-source RxDB's per-process cap on open collections (error COL23). */
export const OPEN_COLLECTION_LIMIT = NON_PREMIUM_COLLECTION_LIMIT;

/** Collections open in this JS process (all RxDB databases, incl. ones still closing). */
export function openCollectionCount(): number {
  return OPEN_COLLECTIONS.size;
}

/** Waits until `needed` more collections fit under the limit (e.g. the previous user's close). */
async function waitForCollectionSlots(needed: number, timeoutMs: number): Promise<void> {
  if (needed > OPEN_COLLECTION_LIMIT) {
    throw new Error(
      `Bucket: ${needed} collections exceed RxDB's limit of ${OPEN_COLLECTION_LIMIT} open collections (COL23).`,
    );
  }
  const deadline = Date.now() + timeoutMs;
  while (openCollectionCount() + needed > OPEN_COLLECTION_LIMIT) {
    if (Date.now() >= deadline) {
      throw new Error(
        `Bucket: cannot open ${needed} collections while ${openCollectionCount()} are open ` +
          `(RxDB limit ${OPEN_COLLECTION_LIMIT} per process, COL23); close the previous database first.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Slot check + addCollections run one database at a time, so two waiting opens cannot both fit. */
let collectionsQueue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = collectionsQueue.then(task, task);
  collectionsQueue = run.catch(() => undefined);
  return run;
}

/**
 * Resolves in a later task (not a microtask): `scheduler.yield()` where the browser has it (no
 * timer clamping, the continuation keeps its priority), else a zero-delay timer (Node, tests).
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
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

  // Loaded only when no storage is given: the browser app passes its worker-backed storage and so
  // never evaluates Dexie's RxDB storage in the page (src/data/create-app-storage.ts).
  const storage =
    options.storage ??
    (await import('./storage/dexie-storage')).getBucketDexieStorage(
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
    await oneAtATime(async () => {
      await waitForCollectionSlots(names.length, options.collectionSlotTimeoutMs ?? 10_000);
      // One collection per task: creating one (schema checks and hash, its storage instance, the
      // collection's own setup) is a few milliseconds of script, and all twelve at once would be one
      // long task on a phone while its first screen is up. They still open concurrently: each
      // waits on the storage (a worker in the app) while the next one starts.
      const added: Promise<unknown>[] = [];
      for (const [index, name] of names.entries()) {
        if (index > 0) await nextTask();
        const def = COLLECTIONS[name];
        const creator = {
          schema: def.schema,
          conflictHandler: def.conflictHandler,
          migrationStrategies: def.migrationStrategies,
          localDocuments: false,
        };
        const adding = db.addCollections({ [name]: creator } as never);
        adding.catch(() => undefined); // reported through Promise.all below, not as unhandled
        added.push(adding);
      }
      await Promise.all(added);
    });
    for (const name of names) trackLocalWrites(db.collections[name] as never, COLLECTIONS[name].fieldGroups);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db as BucketDatabase;
}
