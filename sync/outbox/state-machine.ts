/**
 * The outbox state machine as pure functions.
 * Invariants: pending → uploading → completed | error; error → pending only by an explicit retry;
 * uploading → pending when the transfer is interrupted (offline, tab closed, signed out), which
 * is not a failure; `completed` is terminal and requires the object to be stored; progress is the
 * real transferred fraction and reads 100 only when completed. An event that does not apply to
 * the entry's state returns the entry unchanged (same object), so callers can detect no-ops.
 */
import type { OutboxEntry, UploadStatus } from './types';

export type OutboxEvent =
  | { type: 'start' }
  | { type: 'progress'; bytesUploaded: number }
  | { type: 'upload-url'; url: string | null }
  | { type: 'stored' }
  | { type: 'complete' }
  | { type: 'fail'; message: string }
  | { type: 'interrupt'; message?: string }
  | { type: 'retry' };

const ALLOWED: Record<OutboxEvent['type'], readonly UploadStatus[]> = {
  start: ['pending'],
  progress: ['uploading'],
  'upload-url': ['pending', 'uploading', 'error'],
  stored: ['uploading'],
  complete: ['uploading'],
  fail: ['uploading'],
  interrupt: ['uploading'],
  retry: ['error'],
};

export function canApply(status: UploadStatus, event: OutboxEvent['type']): boolean {
  return ALLOWED[event].includes(status);
}

/** Whole percent of `bytes` out of `size`; never 100 before the entry is completed. */
export function progressPercent(bytes: number, size: number): number {
  if (size <= 0) return 0;
  const percent = Math.floor((Math.min(bytes, size) / size) * 100);
  return Math.max(0, Math.min(99, percent));
}

export function applyOutboxEvent(entry: OutboxEntry, event: OutboxEvent, now = Date.now()): OutboxEntry {
  if (!canApply(entry.status, event.type)) return entry;
  if (event.type === 'complete' && !entry.objectStored) return entry;
  const base = { ...entry, updatedAt: now };
  switch (event.type) {
    case 'start':
      return { ...base, status: 'uploading', attempts: entry.attempts + 1, lastError: null };
    case 'progress': {
      const bytesUploaded = Math.max(0, Math.min(event.bytesUploaded, entry.size));
      return { ...base, bytesUploaded, progress: progressPercent(bytesUploaded, entry.size) };
    }
    case 'upload-url':
      return { ...base, tusUploadUrl: event.url };
    case 'stored':
      return {
        ...base,
        objectStored: true,
        tusUploadUrl: null,
        bytesUploaded: entry.size,
        progress: progressPercent(entry.size, entry.size),
      };
    case 'complete':
      return { ...base, status: 'completed', progress: 100, tusUploadUrl: null, lastError: null };
    case 'fail':
      return { ...base, status: 'error', lastError: event.message };
    case 'interrupt':
      return { ...base, status: 'pending', lastError: event.message ?? entry.lastError };
    case 'retry':
      return { ...base, status: 'pending', lastError: null };
  }
}

/** After a reload or crash nothing is transferring: an `uploading` entry is resumable, not failed. */
export function recoverAfterRestart(entry: OutboxEntry, now = Date.now()): OutboxEntry {
  return applyOutboxEvent(entry, { type: 'interrupt', message: 'Interrupted; resuming' }, now);
}

/** Entries of one user, in queue order. Other users' entries are never returned. */
export function entriesOfUser(entries: readonly OutboxEntry[], userId: string): OutboxEntry[] {
  return entries.filter((entry) => entry.userId === userId).sort((a, b) => a.seq - b.seq);
}

/** The next file to send: the first pending entry of the user, in order. */
export function nextToSend(entries: readonly OutboxEntry[], userId: string): OutboxEntry | undefined {
  return entriesOfUser(entries, userId).find((entry) => entry.status === 'pending');
}

/** A transfer in flight is stopped before removal; everything else can go at once. */
export function canRemoveDirectly(entry: OutboxEntry): boolean {
  return entry.status !== 'uploading';
}

/** Completed-of-total counts for the completion dialog. */
export function countByStatus(entries: readonly OutboxEntry[]): Record<UploadStatus, number> {
  const counts: Record<UploadStatus, number> = { pending: 0, uploading: 0, completed: 0, error: 0 };
  for (const entry of entries) counts[entry.status] += 1;
  return counts;
}

/** Every entry has reached a terminal state (completed or error). */
export function allProcessed(entries: readonly OutboxEntry[]): boolean {
  return entries.length > 0 && entries.every((e) => e.status === 'completed' || e.status === 'error');
}
