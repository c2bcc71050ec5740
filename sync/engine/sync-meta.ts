/**
 * Replication facts shared by all tabs through an RxDB local document (only the leader tab
 * replicates; the others read this). Invariants: written only on change (no write per request);
 * `lastSyncedAt` is the end of the last replication cycle that finished without a failure;
 * `live` is written only by the leader tab (true while its realtime channel is joined).
 */
import { distinctUntilChanged, map, type Observable } from 'rxjs';
import { deepEqual } from 'rxdb/plugins/utils';
import type { BucketDatabase } from '../collections';
import type { FailureKind } from './derive-status';

export interface SyncFailureInfo {
  kind: FailureKind;
  message: string;
  at: string;
}

export interface SyncMeta {
  lastSyncedAt: string | null;
  failure: SyncFailureInfo | null;
  /** The leader tab's realtime channel is joined (changes arrive as they happen). */
  live: boolean;
}

const META_ID = 'bucket_sync_meta';
const EMPTY: SyncMeta = { lastSyncedAt: null, failure: null, live: false };

export function createSyncMetaStore(db: BucketDatabase) {
  let current: SyncMeta = EMPTY;
  let queue: Promise<unknown> = Promise.resolve();
  const ready = db.getLocal<SyncMeta>(META_ID).then((doc) => {
    if (doc) current = { ...EMPTY, ...doc.toJSON().data };
  });

  function update(patch: Partial<SyncMeta>): Promise<void> {
    queue = queue
      .then(() => ready)
      .then(async () => {
        const next = { ...current, ...patch };
        if (deepEqual(next, current)) return;
        current = next;
        if (!db.closed) await db.upsertLocal<SyncMeta>(META_ID, next);
      })
      .catch(() => undefined); // a closing database must not surface bookkeeping errors
    return queue as Promise<void>;
  }

  const meta$: Observable<SyncMeta> = db.getLocal$<SyncMeta>(META_ID).pipe(
    map((doc) => (doc ? { ...EMPTY, ...doc.toJSON().data } : EMPTY)),
    distinctUntilChanged(deepEqual),
  );

  return { meta$, update, flush: () => queue.then(() => undefined) };
}
