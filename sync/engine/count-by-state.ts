/**
 * Counts documents by `sync_state` across all replicated collections, deleted ones included (a
 * local delete waits like any edit; RxDB queries would hide it). Invariants: recounted from the
 * database on every change event (any tab), throttled, so the number is never a guess.
 */
import { auditTime, distinctUntilChanged, from, merge, startWith, switchMap, type Observable } from 'rxjs';
import { normalizeMangoQuery, prepareQuery, type RxCollection } from 'rxdb';
import type { SyncState } from '../local-fields';
import { openCollectionNames, type BucketDatabase } from '../collections';

export async function countByState(collection: RxCollection, state: SyncState): Promise<number> {
  const schema = collection.schema.jsonSchema;
  const query = prepareQuery(schema, normalizeMangoQuery(schema, { selector: { sync_state: state } }));
  const result = await collection.storageInstance.count(query);
  return result.count;
}

export async function countAllByState(db: BucketDatabase, state: SyncState): Promise<number> {
  const counts = await Promise.all(
    openCollectionNames(db).map((name) => countByState(db.collections[name] as RxCollection, state)),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

export function watchCountByState(db: BucketDatabase, state: SyncState, throttleMs = 100): Observable<number> {
  const changes = merge(...openCollectionNames(db).map((name) => (db.collections[name] as RxCollection).$));
  return changes.pipe(
    auditTime(throttleMs),
    startWith(null),
    switchMap(() => (db.closed ? from([0]) : from(countAllByState(db, state)))),
    distinctUntilChanged(),
  );
}
