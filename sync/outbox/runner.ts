/**
 * The outbox runner: sends one user's queued files, one at a time, in queue order.
 * Invariants: at most one transfer runs per runner; a file that fails on the server becomes
 * `error` and the runner moves on to the next file; a file interrupted by the network
 * goes back to `pending` and the queue waits — it restarts on `online`, on tab focus, on start and
 * on a backoff timer (tus-js-client does not retry while offline); once stored, the server checks
 * the object's bytes (verify-upload): a refused file becomes `error` with the server's message and
 * no row is written, a check that could not run sends the entry back to `pending`; the
 * content_items row is written with the entry's fixed id before the entry is completed and its
 * Blob dropped.
 */
import type { FileReader as TusFileReader, HttpStack } from 'tus-js-client';
import type { OutboxBackend } from './backend';
import { contentItemFromEntry } from './content-item-row';
import type { OutboxDatabase } from './database';
import { applyEvent, getBlob, listEntries, recoverInterrupted, removeEntry } from './outbox-store';
import { nextToSend } from './state-machine';
import { startTransfer, type RunningTransfer } from './tus-upload';

export interface OutboxRunnerOptions {
  db: OutboxDatabase;
  userId: string;
  backend: OutboxBackend;
  chunkSize?: number;
  retryDelays?: number[] | null;
  fileReader?: TusFileReader;
  httpStack?: HttpStack;
  /** Backoff after an interruption, in ms (doubles up to 60 s). */
  resumeDelayMs?: number;
  /** Where `online` / `focus` / `visibilitychange` come from; none in Node. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  isOnline?: () => boolean;
  progressWriteIntervalMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

export interface OutboxRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Look for work now (idempotent while a pass runs). */
  kick(): void;
  retry(entryId: string): Promise<void>;
  remove(entryId: string): Promise<void>;
  /** Resolves when the current pass has ended (tests, bench). */
  whenIdle(): Promise<void>;
}

type EntryOutcome = 'completed' | 'failed' | 'interrupted' | 'aborted';

export function createOutboxRunner(options: OutboxRunnerOptions): OutboxRunner {
  const { db, userId, backend } = options;
  const log = options.log ?? ((message, detail) => console.error(`[outbox] ${message}`, detail ?? ''));
  const events = options.events === undefined ? (typeof window !== 'undefined' ? window : null) : options.events;
  const baseDelay = options.resumeDelayMs ?? 5000;
  let started = false;
  let pass: Promise<void> | null = null;
  let again = false;
  let current: { entryId: string; transfer: RunningTransfer } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = baseDelay;

  const onWake = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    delay = baseDelay;
    runner.kick();
  };

  function scheduleResume() {
    if (timer || !started) return;
    timer = setTimeout(() => {
      timer = null;
      runner.kick();
    }, delay);
    delay = Math.min(delay * 2, 60_000);
  }

  async function sendObject(entryId: string): Promise<EntryOutcome> {
    const entry = await db.entries.get(entryId);
    if (!entry) return 'aborted';
    let lastWrite = 0;
    const interval = options.progressWriteIntervalMs ?? 250;
    const transfer = startTransfer(entry, await getBlob(db, entryId), {
      db,
      backend,
      chunkSize: options.chunkSize,
      retryDelays: options.retryDelays,
      fileReader: options.fileReader,
      httpStack: options.httpStack,
      isOnline: options.isOnline,
      onProgress: (sent) => {
        const now = Date.now();
        if (now - lastWrite < interval) return;
        lastWrite = now;
        void applyEvent(db, entryId, { type: 'progress', bytesUploaded: sent });
      },
    });
    current = { entryId, transfer };
    const outcome = await transfer.done;
    current = null;
    if (outcome.kind === 'stored') {
      await applyEvent(db, entryId, { type: 'stored' });
      return 'completed';
    }
    if (outcome.kind === 'aborted') {
      await applyEvent(db, entryId, { type: 'interrupt' });
      return 'aborted';
    }
    if (outcome.kind === 'interrupted') {
      await applyEvent(db, entryId, { type: 'interrupt', message: outcome.message });
      return 'interrupted';
    }
    log(`upload of ${entry.name} failed`, outcome.message);
    await applyEvent(db, entryId, { type: 'fail', message: outcome.message });
    return 'failed';
  }

  async function processEntry(entryId: string): Promise<EntryOutcome> {
    const started = await applyEvent(db, entryId, { type: 'start' });
    if (!started || started.status !== 'uploading') return 'aborted';
    if (!started.objectStored) {
      const outcome = await sendObject(entryId);
      if (outcome !== 'completed') return outcome;
    }
    const stored = await db.entries.get(entryId);
    if (!stored || stored.status !== 'uploading') return 'aborted';
    let verdict: Awaited<ReturnType<OutboxBackend['verifyObject']>>;
    try {
      verdict = await backend.verifyObject(stored.objectPath);
    } catch (error) {
      await applyEvent(db, entryId, {
        type: 'interrupt',
        message: error instanceof Error ? error.message : String(error),
      });
      return 'interrupted';
    }
    if (!verdict.ok) {
      log(`the server refused ${stored.name}`, verdict.message);
      await applyEvent(db, entryId, { type: 'fail', message: verdict.message });
      return 'failed';
    }
    try {
      await backend.writeContentItem(contentItemFromEntry(stored));
    } catch (error) {
      log(`content item for ${stored.name} failed`, error);
      await applyEvent(db, entryId, { type: 'fail', message: error instanceof Error ? error.message : String(error) });
      return 'failed';
    }
    await applyEvent(db, entryId, { type: 'complete' });
    return 'completed';
  }

  async function runPass(): Promise<void> {
    do {
      again = false;
      while (started) {
        const next = nextToSend(await listEntries(db, userId), userId);
        if (!next) break;
        const outcome = await processEntry(next.id);
        if (outcome === 'interrupted') {
          scheduleResume();
          return;
        }
        if (outcome === 'completed') delay = baseDelay;
      }
    } while (again && started);
  }

  const runner: OutboxRunner = {
    async start() {
      if (started) return;
      started = true;
      await recoverInterrupted(db, userId);
      events?.addEventListener('online', onWake);
      events?.addEventListener('focus', onWake);
      events?.addEventListener('visibilitychange', onWake);
      runner.kick();
    },
    async stop() {
      started = false;
      events?.removeEventListener('online', onWake);
      events?.removeEventListener('focus', onWake);
      events?.removeEventListener('visibilitychange', onWake);
      if (timer) clearTimeout(timer);
      timer = null;
      await current?.transfer.abort();
      await pass;
    },
    kick() {
      if (!started) return;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      if (pass) {
        again = true;
        return;
      }
      pass = runPass()
        .catch((error: unknown) => {
          log('outbox pass failed', error);
          scheduleResume();
        })
        .finally(() => {
          pass = null;
        });
    },
    async retry(entryId) {
      const entry = await db.entries.get(entryId);
      if (!entry || entry.userId !== userId) return;
      await applyEvent(db, entryId, { type: 'retry' });
      runner.kick();
    },
    async remove(entryId) {
      const entry = await db.entries.get(entryId);
      if (!entry || entry.userId !== userId) return;
      // Delete first so the running pass cannot pick the entry up again, then stop its transfer.
      await removeEntry(db, userId, entryId);
      if (current?.entryId === entryId) await current.transfer.abort(!entry.objectStored);
      runner.kick();
    },
    async whenIdle() {
      while (pass) await pass;
    },
  };
  return runner;
}
