/**
 * Pull handler: one PostgREST page of rows after the checkpoint, ordered by (`_modified`, `id`).
 * Invariants: RLS on the server decides what is readable; rows that fail the collection's
 * ownership check are additionally dropped here (defence in depth) while the checkpoint still
 * advances past them; every failure is reported and thrown, and retried after the engine's
 * backoff or its next trigger (retry-gate.ts) — never immediately.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicationPullHandlerResult } from 'rxdb';
import { fromServerRow } from '../local-fields';
import { afterCheckpointFilter, checkpointOf, type PullCheckpoint } from './checkpoint';
import { classifyResult, toRequestError, withAuthRetry } from './request';
import type { ReplicationReporter } from './reporter';

type Row = Record<string, unknown>;

export interface PullHandlerOptions {
  supabase: SupabaseClient;
  table: string;
  knownFields: ReadonlySet<string>;
  isVisible?: (row: Row) => boolean;
  reporter: ReplicationReporter;
}

export function createPullHandler(options: PullHandlerOptions) {
  const { supabase, table, knownFields, isVisible, reporter } = options;
  async function fetchPage(after: PullCheckpoint | undefined, batchSize: number): Promise<Row[]> {
    const result = await withAuthRetry(supabase, () => {
      let query = supabase.from(table).select('*');
      if (after) query = query.or(afterCheckpointFilter(after));
      // The engine owns retries (with backoff); postgrest-js must not add its own.
      return query.order('_modified').order('id').limit(batchSize).retry(false);
    });
    const kind = classifyResult(result);
    if (kind) {
      const error = toRequestError(result, kind);
      reporter.failure(error);
      throw error;
    }
    reporter.success();
    return (result.data ?? []) as Row[];
  }

  return async (
    checkpoint: PullCheckpoint | undefined,
    batchSize: number,
  ): Promise<ReplicationPullHandlerResult<Row, PullCheckpoint>> => {
    const documents: Row[] = [];
    let position = checkpoint;
    // RxDB stops pulling on a short page, so pages thinned by the ownership check are topped up.
    for (;;) {
      const rows = await fetchPage(position, batchSize);
      const visible = isVisible ? rows.filter(isVisible) : rows;
      for (const row of visible) documents.push(fromServerRow(row, knownFields));
      position = checkpointOf(rows[rows.length - 1]) ?? position;
      if (rows.length < batchSize || documents.length >= batchSize) break;
    }
    return { documents: documents as never, checkpoint: position };
  };
}
