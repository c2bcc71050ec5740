/**
 * The sync engine's contract with the app: the options `createSyncEngine` takes and the engine it
 * returns (create-sync-engine.ts builds it). Invariants: types and defaults only, no behaviour;
 * the app holds the engine through this shape alone (status, counts and failures as observables,
 * start/stop/resync, close or remove the user's local data), never through RxDB's replication
 * states; `@sync` exports these types.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxStorage } from 'rxdb';
import type { Observable } from 'rxjs';
import type { BucketDatabase, CollectionName } from '../collections';
import type { FirstPages } from '../replication/first-pages';
import type { SyncRejection } from '../replication/reporter';
import type { ConnectionMode, SyncStatus } from './derive-status';
import type { SyncFailureInfo } from './sync-meta';
import type { Connectivity } from './triggers';

export interface SyncEngineOptions {
  supabase: SupabaseClient;
  userId: string;
  /** RxDB storage; default Dexie on `indexedDB`/`IDBKeyRange` (fake-indexeddb in tests). */
  storage?: RxStorage<unknown, unknown>;
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Node tests only (see database.ts). */
  devMode?: boolean;
  /** Default true (tabs share the database). Tests simulating two devices in one process pass false. */
  multiInstance?: boolean;
  /** Default `bucket_<user id>`; tests simulating a second device of the same user override it. */
  databaseName?: string;
  /**
   * Names the backend in the replication ids, under which each collection's checkpoints are stored
   * (database.ts keeps one database per user already). Pass the URL given to `createClient`:
   * devices store their checkpoints under it (earlier versions read it from the client). Default
   * {@link DEFAULT_BACKEND_ID}: right for a new database, but a device that stored checkpoints
   * under the URL then pulls every collection from the start and may re-send its rows once.
   */
  backendId?: string;
  pollIntervalMs?: number;
  /** First backoff of a request the server refused (doubling per failure, up to maxRetryTimeMs). */
  retryTimeMs?: number;
  maxRetryTimeMs?: number;
  /**
   * While requests fail at the network level although `navigator.onLine` is true, one of them is
   * retried per this interval (the others follow its first success). Default min(retryTimeMs, 5 s).
   */
  reconnectProbeMs?: number;
  /** Collections to open and replicate; default all (see database.ts about RxDB's limit). */
  collections?: readonly CollectionName[];
  /**
   * Default true: the leader tab subscribes to Supabase Realtime and pulls a collection the moment
   * it changes; while the backend offers no realtime it retries with the spec's backoff (1, 2, 5,
   * 10 s) and polling carries on. Node needs `ws` as the client's `realtime.transport`.
   */
  realtime?: boolean;
  /**
   * Wait before rejoining after Realtime refused or shut a channel down for the project's quota;
   * default 30 s, doubling to 2 min, plus up to as much again at random. Tests shorten it.
   */
  realtimeQuotaBackoffMs?: number;
  /** Default: `window` events and `navigator.onLine`; tests simulating a device pass their own. */
  connectivity?: Connectivity;
  /** First pages already fetched for this user on a new device: each first pull takes its page. */
  firstPages?: FirstPages;
}

export interface SyncEngine {
  readonly userId: string;
  readonly db: BucketDatabase;
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Forces a pull/push cycle now (failed requests waiting for their retry go at once); resolves
   * once this tab's replication is in sync.
   */
  resync(): Promise<void>;
  readonly status$: Observable<SyncStatus>;
  /** How remote changes arrive: 'live' (realtime), 'polling' (safety net only) or 'offline'. */
  readonly connection$: Observable<ConnectionMode>;
  readonly pendingCount$: Observable<number>;
  readonly rejectedCount$: Observable<number>;
  readonly lastSyncedAt$: Observable<Date | null>;
  readonly failure$: Observable<SyncFailureInfo | null>;
  /** Rows the server refused permanently (kept locally with sync_state 'rejected'). */
  readonly errors$: Observable<SyncRejection>;
  close(): Promise<void>;
  removeLocalData(): Promise<void>;
}

/** The backend id without a `backendId` option (what earlier versions used for a client without a URL). */
export const DEFAULT_BACKEND_ID = 'supabase';
