// Test helpers: a validated (ajv) Dexie storage on an isolated fake-indexeddb, dev-mode on.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { openBucketDatabase } from '../../../../sync';
import { getBucketDexieStorage } from '../../../../sync/storage/dexie-storage';

let counter = 0;

export function testStorage() {
  return wrappedValidateAjvStorage({
    storage: getBucketDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
  });
}

export function uniqueName(prefix = 'test'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
}

export function openTestDatabase() {
  return openBucketDatabase({ name: uniqueName('db'), storage: testStorage(), devMode: true, multiInstance: false });
}
