/**
 * Public entry of the upload outbox.
 * Invariants: `createUserOutbox` binds one device database to one signed-in user — everything it
 * lists, sends, retries or removes belongs to that user; files are on disk before `enqueue`
 * resolves and before any network call; device storage is checked (persist + estimate) first.
 */
import type { OutboxBackend } from './backend';
import type { OutboxDatabase } from './database';
import { clearCompleted, enqueueFiles, listEntries, watchEntries } from './outbox-store';
import { createOutboxRunner, type OutboxRunner, type OutboxRunnerOptions } from './runner';
import { checkDeviceStorage } from './storage-quota';
import type { EnqueueFile, OutboxEntry } from './types';

export * from './types';
export * from './state-machine';
export * from './object-path';
export * from './storage-quota';
export * from './backend';
export * from './content-item-row';
export { OutboxDatabase, openOutboxDatabase, OUTBOX_DB_NAME } from './database';
export { enqueueFiles, listEntries, watchEntries, removeEntry, applyEvent, recoverInterrupted } from './outbox-store';
export { createOutboxRunner, type OutboxRunner, type OutboxRunnerOptions } from './runner';
export { CHUNK_SIZE, RETRY_DELAYS, classifyTransferError, shouldRetryRequest } from './tus-upload';
export { createOutboxUrlStorage } from './url-storage';

/** The one message for an empty file (the content check in src/ says the same). */
export function emptyFileMessage(name: string): string {
  return `${name} is empty (0 bytes), so there is nothing to upload.`;
}

export interface EnqueueResult {
  entries: OutboxEntry[];
  /** Files refused before storing, with a message for the user. */
  refused: { name: string; message: string }[];
  /** Per input file, in input order: its entry, or null when refused. */
  byIndex: (OutboxEntry | null)[];
}

export interface UserOutbox {
  readonly userId: string;
  enqueue(files: readonly EnqueueFile[]): Promise<EnqueueResult>;
  list(): Promise<OutboxEntry[]>;
  watch(onChange: (entries: OutboxEntry[]) => void): () => void;
  retry(entryId: string): Promise<void>;
  remove(entryId: string): Promise<void>;
  clearCompleted(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  whenIdle(): Promise<void>;
  readonly runner: OutboxRunner;
}

export function createUserOutbox(
  options: { db: OutboxDatabase; userId: string; backend: OutboxBackend } & Partial<OutboxRunnerOptions>,
): UserOutbox {
  const { db, userId } = options;
  const runner = createOutboxRunner({ ...options, db, userId, backend: options.backend });
  return {
    userId,
    runner,
    async enqueue(files) {
      const sizes = files.map((f) => ({ name: f.name, size: f.file.size }));
      // An empty file is refused on every path, whatever the dialog checked (nothing to upload).
      const empty = sizes.filter((s) => s.size === 0);
      const check = await checkDeviceStorage(sizes.filter((s) => s.size > 0));
      const fits = new Set(check.accepted);
      const accepted = files.filter((_, index) => fits.has(sizes[index]!));
      const entries = accepted.length ? await enqueueFiles(db, userId, accepted) : [];
      runner.kick();
      let next = 0;
      const byIndex = sizes.map((size) => (fits.has(size) ? (entries[next++] ?? null) : null));
      const refused = [
        ...empty.map((s) => ({ name: s.name, message: emptyFileMessage(s.name) })),
        ...check.rejected.map((r) => ({ name: r.file.name, message: r.message })),
      ];
      return { entries, byIndex, refused };
    },
    list: () => listEntries(db, userId),
    watch: (onChange) => watchEntries(db, userId, onChange),
    retry: (id) => runner.retry(id),
    remove: (id) => runner.remove(id),
    clearCompleted: () => clearCompleted(db, userId),
    start: () => runner.start(),
    stop: () => runner.stop(),
    whenIdle: () => runner.whenIdle(),
  };
}
