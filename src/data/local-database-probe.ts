// Whether this device already holds a local database for a user, asked of IndexedDB directly
// (`indexedDB.databases()`), so the answer comes before the RxDB chunk has loaded. Invariants:
// "no" only when the browser lists its databases and none belongs to the user (a new device:
// there are no local rows, hence no offline writes, to wait for); "unknown" whenever the list
// is unavailable, so callers fall back to reading the database itself.

/** RxDB's Dexie storage keeps each collection in an IndexedDB database named `rxdb-dexie-<db>--<version>--<collection>`. */
const DEXIE_PREFIX = 'rxdb-dexie-';

/** The RxDB database name for a user: the same rule as `databaseNameForUser` in sync/database.ts (unit-tested together). */
export function localDatabaseName(userId: string): string {
  return `bucket_${userId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}`;
}

export type LocalDatabaseProbe = 'exists' | 'none' | 'unknown';

export async function probeLocalDatabase(
  userId: string,
  factory: Pick<IDBFactory, 'databases'> | undefined = globalThis.indexedDB,
): Promise<LocalDatabaseProbe> {
  if (typeof factory?.databases !== 'function') return 'unknown';
  try {
    const prefix = `${DEXIE_PREFIX}${localDatabaseName(userId)}--`;
    const list = await factory.databases();
    return list.some((info) => info.name?.startsWith(prefix)) ? 'exists' : 'none';
  } catch {
    return 'unknown';
  }
}
