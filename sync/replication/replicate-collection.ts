/**
 * Wires one registry collection to Supabase with RxDB's generic replication (not the stock
 * supabase plugin: it cannot update array/object columns, rxdb #8473). Invariants: only the
 * leader tab replicates (`waitForLeadership`), visibility does not start replication in other
 * tabs; remote changes arrive by pull cycles triggered by the engine (RESYNC) — realtime
 * (sync/live/) only triggers those cycles, it never writes rows itself; the replication identifier names table and backend, so
 * checkpoints never leak between backends; failed requests are retried inside the handlers
 * through the engine's retry gate (see retry-gate.ts), so RxDB's own `retryTime` wait — which
 * blocks the push queue and cannot be woken — is only reached by non-request errors.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { COLLECTIONS, knownFieldsOf, type CollectionName } from '../collections';
import type { PullCheckpoint } from './checkpoint';
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
  retryTimeMs: number;
  reporter: ReplicationReporter;
  /** Failed requests wait here (woken by the engine's triggers), not in RxDB's `retryTime`. */
  retryGate: RetryGate;
}

export type CollectionReplication = RxReplicationState<Record<string, unknown>, PullCheckpoint>;

export function replicateCollection(options: ReplicateCollectionOptions): CollectionReplication {
  const { supabase, collection, name, userId, reporter, retryGate } = options;
  const def = COLLECTIONS[name];
  const knownFields = knownFieldsOf(name);
  const isVisible = def.isVisible;
  return replicateRxCollection<Record<string, unknown>, PullCheckpoint>({
    replicationIdentifier: `bucket-${name}-${options.backendId}`,
    collection: collection as RxCollection<Record<string, unknown>>,
    deletedField: '_deleted',
    live: true,
    retryTime: options.retryTimeMs,
    waitForLeadership: true,
    toggleOnDocumentVisible: false,
    autoStart: true,
    pull: def.replication.pull
      ? {
          batchSize: def.replication.batchSize,
          handler: retryThroughGate(
            createPullHandler({
              supabase,
              table: name,
              knownFields,
              reporter,
              isVisible: isVisible ? (row) => isVisible(row, userId) : undefined,
            }),
            retryGate,
          ),
        }
      : undefined,
    push: def.replication.push
      ? {
          batchSize: def.replication.batchSize,
          handler: retryThroughGate(
            createPushHandler({
              supabase,
              table: name,
              knownFields,
              reporter,
              acknowledge: (pushed) => acknowledgePushed(collection, pushed),
              reject: (rejected) => markRejected(collection, rejected, new Date().toISOString()),
            }),
            retryGate,
          ),
        }
      : undefined,
  });
}
