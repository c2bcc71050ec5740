/**
 * The local-first engine for one signed-in user. Invariants: the app reads and writes only
 * `engine.db`; replication runs only between start() and stop(), only in the leader tab, and
 * is re-triggered on `online`, focus/visibility, every `pollIntervalMs` while visible (ten
 * times less often while the leader's realtime channel is live) and by realtime messages
 * (sync/live/: only the leader tab holds the socket, a message pulls the collections it names,
 * every (re)join pulls what its topic covers — everything for the user's own);
 * failed requests wait in the retry gate (retry-gate.ts): refused ones back off exponentially
 * (never a busy loop), unreachable ones are probed one at a time, and every trigger — and the
 * first request that gets through — releases them with the backoff reset, so writes made offline
 * are pushed as soon as the device is back, not after the backoff; while `navigator.onLine` is
 * false nothing is retried or triggered; the engine owns these retries through the gate and
 * RxDB's replication options alone — it never writes a replication state's fields; status,
 * pending count and last-synced time and the connection mode (live/polling/offline) are derived
 * from the database and the shared sync meta, so every tab tells the truth;
 * close() and removeLocalData() stop replication first and leave no timers behind.
 * What the app passes in and gets back: sync-engine-contract.ts.
 */
import type { RxError, RxTypeError } from 'rxdb';
import { BehaviorSubject, Subject, pairwise, type Subscription } from 'rxjs';
import { COLLECTIONS, liveTopicsOf, openCollectionNames, type CollectionName } from '../collections';
import { databaseNameForUser, openBucketDatabase } from '../database';
import { replicateCollection, type CollectionReplication } from '../replication/replicate-collection';
import { localFollows$, startLiveReplication, type LiveReplication } from '../live/live-replication';
import type { ReplicationReporter, SyncRejection } from '../replication/reporter';
import { localFailure } from '../replication/request';
import { engineObservables } from './engine-observables';
import { retryDelay } from './derive-status';
import { DEFAULT_BACKEND_ID, type SyncEngine, type SyncEngineOptions } from './sync-engine-contract';
import { createSyncMetaStore } from './sync-meta';
import { createRetryGate, type RetryGate } from '../replication/retry-gate';
import { browserConnectivity, installTriggers, watchOnline } from './triggers';

export async function createSyncEngine(options: SyncEngineOptions): Promise<SyncEngine> {
  const { supabase, userId } = options;
  const baseRetry = options.retryTimeMs ?? 5_000;
  const maxRetry = options.maxRetryTimeMs ?? 60_000;
  const db = await openBucketDatabase({
    name: options.databaseName ?? databaseNameForUser(userId),
    storage: options.storage,
    indexedDB: options.indexedDB,
    IDBKeyRange: options.IDBKeyRange,
    devMode: options.devMode,
    multiInstance: options.multiInstance,
    collections: options.collections,
  });

  const meta = createSyncMetaStore(db);
  const closed$ = new Subject<void>();
  const errors$ = new Subject<SyncRejection>();
  const running$ = new BehaviorSubject(false);
  const replications$ = new BehaviorSubject<CollectionReplication[]>([]);
  const connectivity = options.connectivity ?? browserConnectivity();
  const online = watchOnline(connectivity);
  const subscriptions: Subscription[] = [];
  let stopTriggers: (() => void) | null = null;
  let lastRequestFailed = false;
  let retryGate: RetryGate | null = null;
  let live: LiveReplication | null = null;

  // Backoff lives in the retry gate (per request); the reporter only keeps status and meta.
  const reporter: ReplicationReporter = {
    success() {
      lastRequestFailed = false;
      retryGate?.reachable();
      void meta.update({ failure: null });
    },
    failure(error) {
      lastRequestFailed = true;
      void meta.update({ failure: { kind: error.kind, message: error.message, at: new Date().toISOString() } });
    },
    rejected(rejections) {
      rejections.forEach((r) => errors$.next(r));
    },
  };

  const { active$, pendingCount$, rejectedCount$, failure$, lastSyncedAt$, status$, connection$ } = engineObservables({
    db,
    meta,
    online$: online.online$,
    running$,
    replications$,
    closed$,
  });

  // A cycle that ends without a failed request is a successful sync.
  subscriptions.push(
    active$.pipe(pairwise()).subscribe(([was, now]) => {
      if (was && !now && running$.value && !lastRequestFailed) {
        void meta.update({ lastSyncedAt: new Date().toISOString(), failure: null });
      }
    }),
  );

  function watchReplicationErrors(replication: CollectionReplication): Subscription {
    return replication.error$.subscribe((error: RxError | RxTypeError) => {
      // Handler failures are reported by the handlers (and retryThroughGate) and never reach RxDB;
      // RC_PULL/RC_PUSH could only come from a gate closed under a running replication.
      const failure = localFailure(error);
      if (failure.code !== 'RC_PULL' && failure.code !== 'RC_PUSH') reporter.failure(failure);
    });
  }

  /** Retries waiting in the gate go now, from the base delay again, and a cycle is queued. */
  function runNow(): void {
    live?.noteFullPull();
    retryGate?.wake();
    replications$.value.forEach((r) => r.reSync());
  }

  async function start(): Promise<void> {
    if (running$.value || db.closed) return;
    running$.next(true);
    const gate = createRetryGate({
      delayMs: (attempt) => retryDelay(attempt, baseRetry, maxRetry),
      probeMs: options.reconnectProbeMs ?? Math.min(baseRetry, 5_000),
      isOnline: () => connectivity.isOnline(),
    });
    retryGate = gate;
    const pulledOrPushed = openCollectionNames(db).filter((name) => {
      const { pull, push } = COLLECTIONS[name].replication;
      return pull || push;
    });
    const list = pulledOrPushed.map((name) =>
      replicateCollection({
        supabase,
        collection: db.collections[name] as never,
        name,
        userId,
        backendId: options.backendId ?? DEFAULT_BACKEND_ID,
        reporter,
        retryGate: gate,
        firstPages: options.firstPages?.userId === userId ? options.firstPages : undefined,
      }),
    );
    list.forEach((r) => subscriptions.push(watchReplicationErrors(r)));
    replications$.next(list);
    // Offline, a cycle could only fail: waiting requests keep waiting for `online`.
    const trigger = () => {
      if (connectivity.isOnline()) runNow();
    };
    const byName = new Map(list.map((r, i) => [pulledOrPushed[i], r] as const));
    live =
      options.realtime === false
        ? null
        : startLiveReplication({
            supabase,
            userId,
            pulled: pulledOrPushed.filter((name) => COLLECTIONS[name].replication.pull),
            topicKindsOf: (name) => liveTopicsOf(name as CollectionName),
            follows$: localFollows$(db, userId),
            waitForLeadership: () => db.waitForLeadership(),
            pullCollection: (name) => {
              if (connectivity.isOnline()) byName.get(name as CollectionName)?.reSync();
            },
            pullAll: trigger,
            isOnline: () => connectivity.isOnline(),
            setLive: (value) => void meta.update({ live: value }),
            quotaBackoffMs: options.realtimeQuotaBackoffMs,
          });
    const intervalMs = options.pollIntervalMs ?? 30_000;
    stopTriggers = installTriggers({
      onTrigger: () => {
        trigger();
        live?.wake();
      },
      onInterval: () => {
        if (!live || live.pollDue(intervalMs)) trigger();
      },
      intervalMs,
      events: connectivity.events,
    });
  }

  async function stop(): Promise<void> {
    if (!running$.value) return;
    running$.next(false);
    stopTriggers?.();
    stopTriggers = null;
    const stoppingLive = live?.stop();
    live = null;
    await stoppingLive;
    const list = replications$.value;
    replications$.next([]);
    // Cancel first, then close the gate: a handler waiting there then answers a canceled
    // replication (retryThroughGate), which RxDB discards without a retry timer.
    await Promise.all(list.map((r) => r.cancel()));
    retryGate?.close();
    retryGate = null;
  }

  async function resync(): Promise<void> {
    const list = replications$.value;
    runNow();
    await Promise.all(list.map((r) => r.awaitInSync()));
  }

  async function shutDown(remove: boolean): Promise<void> {
    await stop();
    await meta.flush();
    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    closed$.next();
    closed$.complete();
    online.dispose();
    if (db.closed) return;
    if (remove) await db.remove();
    else await db.close();
  }

  return {
    userId,
    db,
    start,
    stop,
    resync,
    status$,
    connection$,
    pendingCount$,
    rejectedCount$,
    lastSyncedAt$,
    failure$,
    errors$: errors$.asObservable(),
    close: () => shutDown(false),
    removeLocalData: () => shutDown(true),
  };
}
