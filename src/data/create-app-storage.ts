// The browser's RxDB storage: Dexie on IndexedDB (with the sync engine's fewer-reads middleware),
// run in a Web Worker (storage-worker.ts) reached through RxDB's remote storage, so IndexedDB work
// stays off the main thread; the same storage in the page when no worker can start. Schema
// validation (ajv) only in development, where `import.meta.env.DEV` lets Vite drop the ajv chunk
// from production builds (CSP: ajv uses `new Function`). RxDB dev-mode is never used in the browser.
import type { RxStorage } from 'rxdb';
import { getRxStorageRemote, type MessageFromRemote } from 'rxdb/plugins/storage-remote';
import { Subject } from 'rxjs';
import { STORAGE_WORKER_READY } from './storage-worker-protocol';

/** Longest wait for the worker to load and expose its storage before the page opens its own. */
const WORKER_START_TIMEOUT_MS = 10_000;

/** One worker per page: every database the page opens (one user at a time) shares it. */
let workerStorage: Promise<RxStorage<unknown, unknown> | null> | undefined;

function startWorkerStorage(): Promise<RxStorage<unknown, unknown> | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./storage-worker.ts', import.meta.url), { type: 'module', name: 'bucket-storage' });
    } catch (error) {
      console.warn('Bucket: the storage worker could not start; the database runs in the page.', error);
      resolve(null);
      return;
    }
    const messages$ = new Subject<MessageFromRemote>();
    let started = false;
    const fail = (reason: unknown) => {
      if (started) return;
      started = true;
      clearTimeout(timer);
      worker.terminate();
      console.warn('Bucket: the storage worker did not start; the database runs in the page.', reason);
      resolve(null);
    };
    const timer = setTimeout(() => fail(new Error('no answer')), WORKER_START_TIMEOUT_MS);
    // Before the ready message: the script failed to load or to evaluate. After it, an error is
    // one handler's (the worker goes on) and RxDB's request answers it.
    worker.addEventListener('error', (event) => {
      if (started) console.error('Bucket: storage worker error', event.message);
      else fail(event.message || event);
    });
    worker.addEventListener('message', (event: MessageEvent<MessageFromRemote | typeof STORAGE_WORKER_READY>) => {
      if (event.data !== STORAGE_WORKER_READY) {
        messages$.next(event.data);
        return;
      }
      if (started) return;
      started = true;
      clearTimeout(timer);
      resolve(
        getRxStorageRemote({
          identifier: 'bucket-storage-worker',
          mode: 'one',
          messageChannelCreator: () =>
            Promise.resolve({
              send: (message) => worker.postMessage(message),
              messages$,
              // The worker serves the page's whole life (the next user's database too).
              close: () => Promise.resolve(),
            }),
        }) as RxStorage<unknown, unknown>,
      );
    });
  });
}

async function pageStorage(): Promise<RxStorage<unknown, unknown>> {
  const { getBucketDexieStorage } = await import('@sync/storage');
  return getBucketDexieStorage();
}

export async function createAppStorage(): Promise<RxStorage<unknown, unknown>> {
  workerStorage ??= startWorkerStorage();
  const storage = (await workerStorage) ?? (await pageStorage());
  if (import.meta.env.DEV) {
    const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv');
    return wrappedValidateAjvStorage({ storage }) as RxStorage<unknown, unknown>;
  }
  return storage;
}
