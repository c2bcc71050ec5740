/**
 * The local database's naming rule, the one place it lives. Invariants: one name per user, from
 * the user id alone (lower-cased, anything outside [a-z0-9_-] as `_`), so another user's rows are
 * never opened; no imports, so the app can ask IndexedDB about it before RxDB's chunk has loaded.
 */

/** `bucket_<user id>`: the RxDB database name for a user. */
export function databaseNameForUser(userId: string): string {
  const safe = userId.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
  if (!safe) throw new Error('databaseNameForUser: empty user id');
  return `bucket_${safe}`;
}

/** RxDB's Dexie storage keeps each collection in an IndexedDB database named `rxdb-dexie-<db>--<version>--<collection>`. */
export function isIndexedDbNameOfUser(indexedDbName: string, userId: string): boolean {
  return indexedDbName.startsWith(`rxdb-dexie-${databaseNameForUser(userId)}--`);
}
