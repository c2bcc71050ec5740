/**
 * Writes the engine's own bookkeeping (`sync_state`, `sync_error`) straight to the collection's
 * storage instance. Invariants: only `sync_*` fields change, so the write is invisible to the
 * server view and never causes a push; deleted documents are covered too (RxDB queries hide
 * them); a document edited again since it was sent stays 'dirty'; write conflicts with a
 * concurrent local edit are re-read and retried a bounded number of times.
 */
import type { RxCollection, RxDocumentData } from 'rxdb';
import { isServerEqual, type SyncError } from '../local-fields';
import type { SyncRejection } from './reporter';

type Row = Record<string, unknown>;
type StoredDoc = RxDocumentData<Row>;

async function patchStored(
  collection: RxCollection,
  ids: string[],
  patch: (stored: StoredDoc) => Partial<Row> | null,
  attempts = 3,
): Promise<void> {
  let pending = ids;
  for (let attempt = 0; attempt < attempts && pending.length > 0; attempt++) {
    const stored = (await collection.storageInstance.findDocumentsById(pending, true)) as StoredDoc[];
    const rows = stored.flatMap((previous) => {
      const change = patch(previous);
      return change ? [{ previous, document: { ...previous, ...change } as StoredDoc }] : [];
    });
    if (rows.length === 0) return;
    const result = await collection.storageInstance.bulkWrite(rows, 'bucket-sync-bookkeeping');
    pending = result.error.filter((e) => e.status === 409).map((e) => e.documentId);
  }
}

/** Marks each pushed document clean if its server view is still what was pushed. */
export function acknowledgePushed(collection: RxCollection, pushed: Row[]): Promise<void> {
  const byId = new Map(pushed.map((doc) => [String(doc[collection.schema.primaryPath]), doc]));
  return patchStored(collection, [...byId.keys()], (stored) => {
    const sent = byId.get(String(stored[collection.schema.primaryPath]));
    if (!sent || stored.sync_state === 'clean' || !isServerEqual(stored, sent)) return null;
    return { sync_state: 'clean', sync_error: null };
  });
}

export interface RejectedPush {
  rejection: SyncRejection;
  sent: Row;
}

/** Marks refused documents rejected (unless edited since), keeping their data on the device. */
export function markRejected(collection: RxCollection, rejected: RejectedPush[], nowIso: string): Promise<void> {
  const byId = new Map(rejected.map((r) => [r.rejection.id, r]));
  return patchStored(collection, [...byId.keys()], (stored) => {
    const entry = byId.get(String(stored[collection.schema.primaryPath]));
    if (!entry || !isServerEqual(stored, entry.sent)) return null;
    const { rejection } = entry;
    const error: SyncError = { code: rejection.code, message: rejection.message, at: nowIso };
    return { sync_state: 'rejected', sync_error: error };
  });
}
