/**
 * Reads and writes of outbox entries.
 * Invariants: files are written (Blob + metadata) in one transaction before anything touches the
 * network; every state change goes through the pure state machine inside a read-modify-write
 * transaction, so concurrent writers (progress ticks, UI retry/remove) never lose an update;
 * listing is always per user.
 */
import Dexie, { liveQuery } from 'dexie';
import type { OutboxDatabase } from './database';
import { buildObjectPath } from './object-path';
import { applyOutboxEvent, recoverAfterRestart, type OutboxEvent } from './state-machine';
import type { EnqueueFile, OutboxEntry } from './types';

function byUser(db: OutboxDatabase, userId: string) {
  return db.entries.where('[userId+seq]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]);
}

export function createEntry(
  userId: string,
  file: EnqueueFile,
  seq: number,
  now: number,
  newId: () => string = () => crypto.randomUUID(),
): OutboxEntry {
  return {
    id: newId(),
    userId,
    seq,
    createdAt: now,
    updatedAt: now,
    name: file.name,
    type: file.type,
    size: file.file.size,
    metadata: file.metadata,
    status: 'pending',
    progress: 0,
    bytesUploaded: 0,
    attempts: 0,
    lastError: null,
    tusUploadUrl: null,
    objectStored: false,
    contentItemId: newId(),
    objectPath: buildObjectPath({
      userId,
      title: file.metadata.title || file.name,
      fileName: file.name,
      mimeType: file.type,
      timestamp: now + seq,
    }),
  };
}

/** Queue files for a user, in the given order. Resolves once they are safely on disk. */
export async function enqueueFiles(
  db: OutboxDatabase,
  userId: string,
  files: readonly EnqueueFile[],
  now = Date.now(),
): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.entries, db.blobs, async () => {
    const last = await byUser(db, userId).last();
    let seq = last ? last.seq : 0;
    const entries = files.map((file) => createEntry(userId, file, ++seq, now));
    await db.blobs.bulkAdd(entries.map((entry, index) => ({ id: entry.id, blob: files[index]!.file })));
    await db.entries.bulkAdd(entries);
    return entries;
  });
}

export function listEntries(db: OutboxDatabase, userId: string): Promise<OutboxEntry[]> {
  return byUser(db, userId).toArray();
}

/** Apply one state-machine event atomically. Returns the stored entry (unchanged if it did not apply). */
export async function applyEvent(db: OutboxDatabase, id: string, event: OutboxEvent): Promise<OutboxEntry | undefined> {
  return db.transaction('rw', db.entries, db.blobs, async () => {
    const entry = await db.entries.get(id);
    if (!entry) return undefined;
    const next = applyOutboxEvent(entry, event);
    if (next !== entry) await db.entries.put(next);
    if (next.status === 'completed') await db.blobs.delete(id);
    return next;
  });
}

/** The queued file's bytes, or undefined once completed/removed. */
export async function getBlob(db: OutboxDatabase, id: string): Promise<Blob | undefined> {
  return (await db.blobs.get(id))?.blob;
}

export async function removeEntry(db: OutboxDatabase, userId: string, id: string): Promise<void> {
  await db.transaction('rw', db.entries, db.blobs, async () => {
    const entry = await db.entries.get(id);
    if (entry && entry.userId === userId) {
      await db.entries.delete(id);
      await db.blobs.delete(id);
    }
  });
}

/** Remove the user's completed entries (their rows now live in content_items). */
export async function clearCompleted(db: OutboxDatabase, userId: string): Promise<void> {
  const done = (await listEntries(db, userId)).filter((e) => e.status === 'completed').map((e) => e.id);
  await db.entries.bulkDelete(done);
}

/** On app start nothing is transferring yet: `uploading` leftovers become `pending` again. */
export async function recoverInterrupted(db: OutboxDatabase, userId: string): Promise<number> {
  return db.transaction('rw', db.entries, async () => {
    const stale = (await listEntries(db, userId)).filter((e) => e.status === 'uploading');
    await db.entries.bulkPut(stale.map((e) => recoverAfterRestart(e)));
    return stale.length;
  });
}

/** Live list of the user's entries, in queue order. Returns the unsubscribe function. */
export function watchEntries(
  db: OutboxDatabase,
  userId: string,
  onChange: (entries: OutboxEntry[]) => void,
  onError: (error: unknown) => void = (error) => console.error('[outbox] watch failed', error),
): () => void {
  const subscription = liveQuery(() => listEntries(db, userId)).subscribe({ next: onChange, error: onError });
  return () => subscription.unsubscribe();
}
