// Whether this device already holds a local database for a user, asked of IndexedDB directly
// (`indexedDB.databases()`), so the answer comes before the RxDB chunk has loaded. Invariants:
// "no" only when the browser lists its databases and none belongs to the user (a new device:
// there are no local rows, hence no offline writes, to wait for); "unknown" whenever the list
// is unavailable, so callers fall back to reading the database itself.
import { isIndexedDbNameOfUser } from '@sync/model';

export type LocalDatabaseProbe = 'exists' | 'none' | 'unknown';

export async function probeLocalDatabase(
  userId: string,
  factory: Pick<IDBFactory, 'databases'> | undefined = globalThis.indexedDB,
): Promise<LocalDatabaseProbe> {
  if (typeof factory?.databases !== 'function') return 'unknown';
  try {
    const list = await factory.databases();
    return list.some((info) => info.name && isIndexedDbNameOfUser(info.name, userId)) ? 'exists' : 'none';
  } catch {
    return 'unknown';
  }
}
