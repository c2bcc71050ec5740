/**
 * Pull handler: one page of a collection after the checkpoint, from the `sync_pull` RPC: the rows
 * whose writing transaction became visible since the checkpoint's snapshot (see checkpoint.ts).
 * Invariants: RLS on the server decides what is readable; rows that fail the collection's
 * ownership check are additionally dropped here (defence in depth) while the checkpoint still
 * advances past them; the checkpoint is the server's, as answered with the last page; no open
 * transaction on the server holds rows back, so a page is never asked for again after a wait;
 * every failure is reported and thrown, and retried after the engine's backoff or its next
 * trigger (retry-gate.ts) — never immediately.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicationPullHandlerResult } from 'rxdb';
import { fromServerRow } from '../local-fields';
import { checkpointOf, currentCheckpoint, pullArguments, type HorizonCheckpoint, type PullCheckpoint } from './checkpoint';
import { classifyResult, SyncRequestError, toRequestError, withAuthRetry } from './request';
import type { ReplicationReporter } from './reporter';

type Row = Record<string, unknown>;

export interface PullHandlerOptions {
  supabase: SupabaseClient;
  table: string;
  knownFields: ReadonlySet<string>;
  isVisible?: (row: Row) => boolean;
  reporter: ReplicationReporter;
}

interface Page {
  rows: Row[];
  checkpoint: PullCheckpoint;
}

export function createPullHandler(options: PullHandlerOptions) {
  const { supabase, table, knownFields, isVisible, reporter } = options;
  async function fetchPage(after: PullCheckpoint | HorizonCheckpoint | undefined, batchSize: number): Promise<Page> {
    // The engine owns retries (with backoff); postgrest-js must not add its own.
    const result = await withAuthRetry(supabase, () => supabase.rpc('sync_pull', pullArguments(table, after, batchSize)).retry(false));
    const kind = classifyResult(result);
    if (kind) {
      const error = toRequestError(result, kind);
      reporter.failure(error);
      throw error;
    }
    const data = (result.data ?? {}) as { rows?: unknown; checkpoint?: unknown };
    const checkpoint = checkpointOf(data.checkpoint);
    if (!checkpoint || !Array.isArray(data.rows)) {
      const error = new SyncRequestError('server', result.status, 'PULL_ANSWER', `sync_pull ${table}: the answer has no rows or no checkpoint`);
      reporter.failure(error);
      throw error;
    }
    reporter.success();
    return { rows: data.rows as Row[], checkpoint };
  }

  return async (
    checkpoint: PullCheckpoint | undefined,
    batchSize: number,
  ): Promise<ReplicationPullHandlerResult<Row, PullCheckpoint>> => {
    const documents: Row[] = [];
    let position: PullCheckpoint | HorizonCheckpoint | undefined = currentCheckpoint(checkpoint);
    let answered: PullCheckpoint | undefined;
    for (;;) {
      const page = await fetchPage(position, batchSize);
      const visible = isVisible ? page.rows.filter(isVisible) : page.rows;
      for (const row of visible) documents.push(fromServerRow(row, knownFields));
      position = answered = page.checkpoint;
      if (documents.length >= batchSize) break;
      // RxDB stops pulling on a short page, so pages thinned by the ownership check are topped up.
      if (page.rows.length < batchSize) break;
    }
    return { documents: documents as never, checkpoint: answered };
  };
}
