/**
 * Pull position = the last pulled row's (`_txid`, `id`): the id of the transaction that last
 * wrote the row, then its primary key. Invariants: the server serves rows in that order and
 * only from transactions below the reader's snapshot horizon (migration 20261126200000), so no
 * row can later commit behind a position handed out; `_txid` is kept as the server's decimal
 * string (a bigint does not survive a JavaScript number); a checkpoint of any other shape (the
 * `(_modified, id)` pairs devices held before) is no position at all: the collection is pulled
 * again from the start, once, which re-delivers every row by id and loses none.
 */
export interface PullCheckpoint {
  txid: string;
  id: string;
}

const TXID = /^[0-9]{1,19}$/;

/** The checkpoint if it is a position of this protocol, else undefined (pull from the start). */
export function currentCheckpoint(cp: unknown): PullCheckpoint | undefined {
  if (!cp || typeof cp !== 'object') return undefined;
  const { txid, id } = cp as Record<string, unknown>;
  return typeof txid === 'string' && TXID.test(txid) && typeof id === 'string' ? { txid, id } : undefined;
}

/** The `sync_pull` arguments for the page after `cp`. */
export function pullArguments(collection: string, cp: PullCheckpoint | undefined, limit: number) {
  return { p_collection: collection, p_after_txid: cp?.txid ?? '0', p_after_id: cp?.id ?? '', p_limit: limit };
}

export function checkpointOf(row: Record<string, unknown> | undefined): PullCheckpoint | undefined {
  if (!row) return undefined;
  const id = typeof row.id === 'string' ? row.id : typeof row.id === 'number' ? String(row.id) : undefined;
  const txid = typeof row._txid === 'string' ? row._txid : undefined;
  return id !== undefined && txid !== undefined && TXID.test(txid) ? { txid, id } : undefined;
}

/** Waits before asking again for rows held back behind an open transaction (ms). */
export const HELD_RETRY_DELAYS_MS = [50, 100, 200, 400, 800] as const;
