/**
 * Wires one registry collection to Supabase with RxDB's generic replication (not the stock
 * supabase plugin: it cannot update array/object columns, rxdb #8473). Invariants: only the
 * leader tab replicates (`waitForLeadership`), visibility does not start replication in other
 * tabs; remote changes arrive by pull cycles triggered by the engine (RESYNC) — realtime
 * (sync/live/) only triggers those cycles, it never writes rows itself; the replication identifier names table and backend, so
 * checkpoints never leak between backends; every failure is retried inside the handlers through
 * the engine's retry gate (see retry-gate.ts) and a canceled replication gets an answer, not an
 * error, so RxDB's own `retryTime` wait — which blocks the push queue, cannot be woken and would
 * leave a timer behind after cancel() — is never reached: RxDB's options are set once here and
 * its state is never written afterwards. A pull from scratch takes the first page prefetched for
 * a new device (first-pages.ts) instead of asking again.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { COLLECTIONS, knownFieldsOf, type CollectionName } from '../collections';
import type { PullCheckpoint } from './checkpoint';
import type { FirstPage, FirstPages } from './first-pages';
import { acknowledgePushed, markRejected } from './mark-documents';
import { createPullHandler } from './pull-handler';
import { createPushHandler } from './push-handler';
import type { ReplicationReporter } from './reporter';
import { retryThroughGate, type RetryGate } from './retry-gate';

export interface ReplicateCollectionOptions {
  supabase: SupabaseClient;
  collection: RxCollection;
  name: CollectionName;
  userId: string;
  backendId: string;
  reporter: ReplicationReporter;
  /** Failed requests wait here (woken by the engine's triggers), not in RxDB's `retryTime`. */
  retryGate: RetryGate;
  /** A first page already fetched for this device (first-pages.ts): the first pull takes it. */
  firstPages?: FirstPages;
}

export type CollectionReplication = RxReplicationState<Record<string, unknown>, PullCheckpoint>;

/**
 * RxDB waits this long after a handler throws before calling it again (`awaitRetry`). Handlers
 * never throw (see retryThroughGate), so it only matters if that ever breaks: then RxDB's default
 * — neither a busy loop against the server nor a long stall — is the safe value.
 */
export const RXDB_RETRY_TIME_MS = 5_000;

export function replicateCollection(options: ReplicateCollectionOptions): CollectionReplication {
  const { supabase, collection, name, userId, reporter, retryGate } = options;
  const def = COLLECTIONS[name];
  const knownFields = knownFieldsOf(name);
  const isVisible = def.isVisible;
  // `replication` is read only when a handler fails, after start(), which RxDB runs after
  // replicateRxCollection returned it.
  const gated = <A extends unknown[], R>(handler: (...args: A) => Promise<R>, stoppedResult: () => R) =>
    retryThroughGate(handler, retryGate, {
      report: (error) => reporter.failure(error),
      isStopped: () => replication.isStopped(),
      stoppedResult,
    });
  const replication: CollectionReplication = replicateRxCollection<Record<string, unknown>, PullCheckpoint>({
    replicationIdentifier: replicationIdentifier(name, options.backendId),
    collection: collection as RxCollection<Record<string, unknown>>,
    deletedField: '_deleted',
    live: true,
    retryTime: RXDB_RETRY_TIME_MS,
    waitForLeadership: true,
    toggleOnDocumentVisible: false,
    autoStart: true,
    pull: def.replication.pull
      ? {
          batchSize: def.replication.batchSize,
          handler: withFirstPage(
            name,
            options.firstPages,
            gated(
              createPullHandler({
                supabase,
                table: name,
                knownFields,
                reporter,
                isVisible: isVisible ? (row) => isVisible(row, userId) : undefined,
              }),
              () => ({ documents: [], checkpoint: undefined }),
            ),
          ),
        }
      : undefined,
    push: def.replication.push
      ? {
          batchSize: def.replication.batchSize,
          handler: gated(
            createPushHandler({
              supabase,
              table: name,
              knownFields,
              reporter,
              acknowledge: (pushed) => acknowledgePushed(collection, pushed),
              reject: (rejected) => markRejected(collection, rejected, new Date().toISOString()),
            }),
            () => [],
          ),
        }
      : undefined,
  });
  return replication;
}

/**
 * Names the replication's stored checkpoint: per table and backend, so checkpoints never leak
 * between backends. A pull-only collection's also names its schema version past 0: RxDB's schema
 * migration carries the checkpoint over, so rows an older app pulled before it knew a new server
 * column (and dropped the column from) would never come again; a new name pulls the collection from
 * the start once, which for a pull-only collection has nothing to push. Collections that push keep
 * one name: a fresh checkpoint would push every local row again.
 */
export function replicationIdentifier(name: CollectionName, backendId: string): string {
  const def = COLLECTIONS[name];
  const version = def.replication.push ? 0 : def.schema.version;
  return version > 0 ? `bucket-${name}-v${version}-${backendId}` : `bucket-${name}-${backendId}`;
}

/** How long the first pull waits for a prefetched page still in flight before pulling itself. */
const FIRST_PAGE_WAIT_MS = 10_000;

/** The page, or null if it failed or did not come within `ms` (no timer outlives the answer). */
function withinTime(page: Promise<FirstPage>, ms: number): Promise<FirstPage | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    page.then(
      (value) => (clearTimeout(timer), resolve(value)),
      () => (clearTimeout(timer), resolve(null)),
    );
  });
}

type PullHandler = (checkpoint: PullCheckpoint | undefined, batchSize: number) => Promise<FirstPage>;

/**
 * A pull from scratch takes the prefetched first page, if there is a usable one, else it pulls. A
 * short page is topped up with what changed since it was fetched (a pull after its checkpoint), so
 * RxDB — which ends a cycle on a short page — gets what a pull made now would have brought.
 */
function withFirstPage(name: CollectionName, firstPages: FirstPages | undefined, pull: PullHandler): PullHandler {
  if (!firstPages) return pull;
  return async (checkpoint, batchSize) => {
    const taken = checkpoint === undefined ? firstPages.take(name, batchSize) : undefined;
    // A prefetch that never answers must not hold the replication: after a while it pulls itself.
    const page = taken ? await withinTime(taken, FIRST_PAGE_WAIT_MS) : null;
    if (!page) return pull(checkpoint, batchSize);
    // A page the server answered without a checkpoint is no position: pull from scratch.
    if (!page.checkpoint) return pull(undefined, batchSize);
    // A full page: RxDB asks for the next one (after its checkpoint) itself.
    if (page.documents.length >= batchSize) return page;
    const since = await pull(page.checkpoint, batchSize - page.documents.length);
    const changed = new Set(since.documents.map((doc) => doc.id));
    return {
      documents: [...page.documents.filter((doc) => !changed.has(doc.id)), ...since.documents],
      checkpoint: since.checkpoint ?? page.checkpoint,
    };
  };
}
