/**
 * Push handler: a batch of local changes → `rpc('sync_push', { p_table, p_rows })`, a
 * compare-and-set on the server. Invariants: the server answers only conflicted or failed rows;
 * a conflict returns the server row to RxDB (the collection's conflict handler merges it); a
 * permanent row error (or a permanent 4xx on a one-row request) rejects the row — it stays local,
 * is marked and reported, and is not pushed again until it is edited; a permanent 4xx on a larger
 * batch is bisected so one bad row cannot block the others; transient failures throw (retried
 * after the engine's backoff or its next trigger, see retry-gate.ts). Rows the server accepted are marked clean only if unchanged since sent.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import { fromServerRow, toServerRow } from '../local-fields';
import { classifyResult, toRequestError, withAuthRetry } from './request';
import type { RejectedPush } from './mark-documents';
import type { ReplicationReporter } from './reporter';

type Row = Record<string, unknown>;

export interface PushResultRow {
  id: string;
  conflict?: Row;
  error?: { code?: string; message?: string };
}

export interface PushHandlerOptions {
  supabase: SupabaseClient;
  table: string;
  knownFields: ReadonlySet<string>;
  reporter: ReplicationReporter;
  /** Marks pushed documents clean (only those still equal to what was sent). */
  acknowledge: (pushed: Row[]) => Promise<void>;
  /** Marks refused documents rejected. */
  reject: (rejected: RejectedPush[]) => Promise<void>;
}

/** Postgres SQLSTATE classes worth retrying: connection, rollback, resources, operator, system. */
const TRANSIENT_SQLSTATE = /^(08|40|53|57|58)/;

export function isTransientRowError(code: string | undefined): boolean {
  return !!code && TRANSIENT_SQLSTATE.test(code);
}

/**
 * An assumed state without `sync_modified` was never confirmed by the server (e.g. a rejected
 * insert): it is sent as `null`, so the server inserts — or answers with its row as a conflict.
 */
export function toPushPayload(row: RxReplicationWriteToMasterRow<Row>): { new: Row; assumed: Row | null } {
  const assumed = row.assumedMasterState;
  return {
    new: toServerRow(row.newDocumentState, false),
    assumed: assumed && typeof assumed.sync_modified === 'string' ? toServerRow(assumed, true) : null,
  };
}

export function createPushHandler(options: PushHandlerOptions) {
  const { supabase, table, knownFields, reporter } = options;

  /** Sends rows; returns the server's per-row answers (conflicts/errors only). */
  async function send(rows: RxReplicationWriteToMasterRow<Row>[]): Promise<PushResultRow[]> {
    const result = await withAuthRetry(supabase, () =>
      supabase.rpc('sync_push', { p_table: table, p_rows: rows.map(toPushPayload) }),
    );
    const kind = classifyResult(result);
    if (!kind) {
      reporter.success();
      return Array.isArray(result.data) ? (result.data as PushResultRow[]) : [];
    }
    if (kind === 'client' && rows.length > 1) {
      reporter.success(); // the server answered; the batch holds a bad row
      const middle = Math.ceil(rows.length / 2);
      return [...(await send(rows.slice(0, middle))), ...(await send(rows.slice(middle)))];
    }
    if (kind === 'client') {
      reporter.success();
      const id = String(rows[0]?.newDocumentState.id);
      return [{ id, error: { code: result.error?.code ?? String(result.status), message: result.error?.message } }];
    }
    const error = toRequestError(result, kind);
    reporter.failure(error);
    throw error;
  }

  return async (rows: RxReplicationWriteToMasterRow<Row>[]): Promise<WithDeleted<Row>[]> => {
    const answers = new Map((await send(rows)).map((answer) => [String(answer.id), answer]));
    const conflicts: WithDeleted<Row>[] = [];
    const accepted: Row[] = [];
    const rejected: RejectedPush[] = [];
    let transient: PushResultRow | undefined;

    for (const row of rows) {
      const id = String(row.newDocumentState.id);
      const answer = answers.get(id);
      if (!answer) accepted.push(row.newDocumentState);
      else if (answer.conflict) conflicts.push(fromServerRow(answer.conflict, knownFields) as WithDeleted<Row>);
      else if (isTransientRowError(answer.error?.code)) transient = answer;
      else {
        const rejection = {
          collection: table,
          id,
          code: answer.error?.code ?? 'unknown',
          message: answer.error?.message ?? 'Rejected by the server',
        };
        rejected.push({ rejection, sent: row.newDocumentState });
      }
    }

    await options.acknowledge(accepted);
    if (rejected.length > 0) {
      await options.reject(rejected);
      reporter.rejected(rejected.map((r) => r.rejection));
    }
    if (transient) {
      // Accepted rows re-sent by RxDB's retry come back as conflicts equal to local: harmless.
      const error = toRequestError(
        { status: 503, error: { code: transient.error?.code ?? '', message: transient.error?.message ?? '' } },
        'server',
      );
      reporter.failure(error);
      throw error;
    }
    return conflicts;
  };
}
