/**
 * Pull handler: one page of a collection after the checkpoint, from the `sync_pull` RPC, in
 * (`_txid`, `id`) order below the reader's snapshot horizon (see checkpoint.ts).
 * Invariants: RLS on the server decides what is readable; rows that fail the collection's
 * ownership check are additionally dropped here (defence in depth) while the checkpoint still
 * advances past them; when the server reports rows held back behind a still-open transaction,
 * a short page is asked for again after a short wait (a few times, then the next trigger gets
 * them), so a live message that arrives before an older transaction ends still brings its row;
 * every failure is reported and thrown, and retried after the engine's backoff or its next
 * trigger (retry-gate.ts) — never immediately.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicationPullHandlerResult } from 'rxdb';
import { fromServerRow } from '../local-fields';
import { checkpointOf, currentCheckpoint, HELD_RETRY_DELAYS_MS, pullArguments, type PullCheckpoint } from './checkpoint';
import { classifyResult, toRequestError, withAuthRetry } from './request';
import type { ReplicationReporter } from './reporter';

type Row = Record<string, unknown>;

export interface PullHandlerOptions {
  supabase: SupabaseClient;
  table: string;
  knownFields: ReadonlySet<string>;
  isVisible?: (row: Row) => boolean;
  reporter: ReplicationReporter;
  /** Waits between asks for held-back rows (tests pass a fake). */
  wait?: (ms: number) => Promise<void>;
}

interface Page {
  rows: Row[];
  held: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPullHandler(options: PullHandlerOptions) {
  const { supabase, table, knownFields, isVisible, reporter, wait = sleep } = options;
  async function fetchPage(after: PullCheckpoint | undefined, batchSize: number): Promise<Page> {
    // The engine owns retries (with backoff); postgrest-js must not add its own.
    const result = await withAuthRetry(supabase, () => supabase.rpc('sync_pull', pullArguments(table, after, batchSize)).retry(false));
    const kind = classifyResult(result);
    if (kind) {
      const error = toRequestError(result, kind);
      reporter.failure(error);
      throw error;
    }
    reporter.success();
    const data = (result.data ?? {}) as { rows?: Row[]; held?: boolean };
    return { rows: Array.isArray(data.rows) ? data.rows : [], held: data.held === true };
  }

  return async (
    checkpoint: PullCheckpoint | undefined,
    batchSize: number,
  ): Promise<ReplicationPullHandlerResult<Row, PullCheckpoint>> => {
    const documents: Row[] = [];
    let position = currentCheckpoint(checkpoint);
    let asked = 0;
    for (;;) {
      const { rows, held } = await fetchPage(position, batchSize);
      const visible = isVisible ? rows.filter(isVisible) : rows;
      for (const row of visible) documents.push(fromServerRow(row, knownFields));
      position = checkpointOf(rows[rows.length - 1]) ?? position;
      if (documents.length >= batchSize) break;
      // RxDB stops pulling on a short page, so pages thinned by the ownership check are topped up.
      if (rows.length >= batchSize) continue;
      if (!held || asked >= HELD_RETRY_DELAYS_MS.length) break;
      await wait(HELD_RETRY_DELAYS_MS[asked++]!);
    }
    return { documents: documents as never, checkpoint: position };
  };
}
