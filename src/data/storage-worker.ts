/**
 * Web Worker: the local database's storage (RxDB's Dexie storage on IndexedDB, with the sync
 * engine's fewer-reads middleware) runs here, off the page's main thread, and the page's RxDB
 * talks to it through RxDB's remote-storage protocol (create-app-storage.ts). Opening ~26
 * IndexedDB databases, every read and write and their promise chains then no longer take turns
 * with rendering: on a phone they were a third of the dashboard's main-thread work.
 * Cross-tab change events still flow: each tab's worker storage joins the same BroadcastChannel.
 */
/// <reference lib="webworker" />
import { Subject } from 'rxjs';
import { exposeRxStorageRemote, type MessageToRemote } from 'rxdb/plugins/storage-remote';
import { getBucketDexieStorage } from '@sync/storage';
import { STORAGE_WORKER_READY } from './storage-worker-protocol';

declare const self: DedicatedWorkerGlobalScope;

const messages$ = new Subject<MessageToRemote>();
self.addEventListener('message', (event: MessageEvent<MessageToRemote>) => messages$.next(event.data));
exposeRxStorageRemote({
  storage: getBucketDexieStorage(),
  messages$,
  send: (message) => self.postMessage(message),
});
self.postMessage(STORAGE_WORKER_READY);
