/**
 * The Dexie RxStorage every Bucket database uses (app, tests, benches), with the absent-keys
 * middleware installed on each Dexie database RxDB creates. Invariants: behaves exactly like
 * RxDB's `getRxStorageDexie` (same IndexedDB layout, same answers), only with fewer reads; a
 * caller's own `onCreate` still runs.
 */
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { absentKeysMiddleware } from './absent-keys';

type DexieSettings = NonNullable<Parameters<typeof getRxStorageDexie>[0]>;

export function getBucketDexieStorage(settings: DexieSettings = {}): RxStorage<unknown, unknown> {
  return getRxStorageDexie({
    ...settings,
    onCreate: async (db, name) => {
      db.use(absentKeysMiddleware);
      await settings.onCreate?.(db, name);
    },
  }) as RxStorage<unknown, unknown>;
}
