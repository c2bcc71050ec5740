// The new-device probe lets the route guard skip waiting for the RxDB open only when IndexedDB
// holds nothing of this user's database. Checked against the real engine's open (RxDB on Dexie
// over fake-indexeddb), so a change of RxDB's naming shows up here instead of as a wrong "none".
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { databaseNameForUser, openBucketDatabase } from '../../../sync/database';
import { probeLocalDatabase } from '../../../src/data/local-database-probe';
import { USER_A, USER_B } from '../sync/helpers/rows';

describe('probeLocalDatabase', () => {
  it("says 'none' on a new device and 'exists' once the engine has opened the user's database", async () => {
    const indexedDB = new IDBFactory();
    expect(await probeLocalDatabase(USER_A, indexedDB)).toBe('none');
    const db = await openBucketDatabase({
      name: databaseNameForUser(USER_A),
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    try {
      expect(await probeLocalDatabase(USER_A, indexedDB)).toBe('exists');
      // Another user's database on the same device is not this user's.
      expect(await probeLocalDatabase(USER_B, indexedDB)).toBe('none');
    } finally {
      await db.close();
    }
    // Closing keeps the rows (and offline writes) on the device: still 'exists'.
    expect(await probeLocalDatabase(USER_A, indexedDB)).toBe('exists');
  });

  it("answers 'unknown' (callers keep waiting for the database) when the list is unavailable", async () => {
    expect(await probeLocalDatabase(USER_A, {} as Pick<IDBFactory, 'databases'>)).toBe('unknown');
    const failing = { databases: () => Promise.reject(new Error('SecurityError')) };
    expect(await probeLocalDatabase(USER_A, failing)).toBe('unknown');
  });
});
