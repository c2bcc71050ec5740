/**
 * The outbox's own Dexie database (one per device, shared by the users of that device).
 * Invariants: a plain Dexie 4.4.2 database — the exact version rxdb pins (ARCHITECTURE known
 * traps) — separate from the replicated RxDB database, so pulls never touch queued Blobs; every
 * query goes through the `[userId+seq]` index, so a user only ever reads their own entries.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { OutboxEntry } from './types';

export const OUTBOX_DB_NAME = 'bucket-outbox';

export interface OutboxBlob {
  /** The outbox entry id. */
  id: string;
  blob: Blob;
}

export class OutboxDatabase extends Dexie {
  entries!: EntityTable<OutboxEntry, 'id'>;
  blobs!: EntityTable<OutboxBlob, 'id'>;

  constructor(name: string = OUTBOX_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({ entries: 'id, userId, [userId+seq], status', blobs: 'id' });
  }
}

export function openOutboxDatabase(name?: string): OutboxDatabase {
  return new OutboxDatabase(name);
}
