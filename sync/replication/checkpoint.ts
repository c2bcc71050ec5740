/**
 * Pull checkpoint = what the server's `sync_pull(text, jsonb, integer)` handed back with the last
 * page that brought rows (migration 20261128500000): `snapshot`, a PostgreSQL snapshot in text
 * form — every row written by a transaction visible in it has been delivered — and, while a
 * round is paged, `upto` (the round's snapshot) with the cursor `txid`, `id` of the last row.
 * Invariants: the device stores it as given and sends it back; every key is always present (RxDB
 * stacks checkpoints with Object.assign, so a missing key would keep an older value); a checkpoint
 * of the earlier horizon protocol (`{txid, id}`) is sent as it is and the server continues from
 * it (every transaction below `txid` delivered); any other shape (the `(_modified, id)` pairs of
 * before, anything malformed) is no position at all: the collection is pulled again from the
 * start, once, which re-delivers every row by id and loses none.
 */
export interface PullCheckpoint {
  snapshot: string | null;
  upto: string | null;
  txid: string | null;
  id: string | null;
}

/** A position of the horizon protocol, stored on devices before the snapshot checkpoint. */
export interface HorizonCheckpoint {
  txid: string;
  id: string;
}

const TXID = /^[0-9]{1,19}$/;
const SNAPSHOT = /^[0-9]{1,19}:[0-9]{1,19}:([0-9]{1,19}(,[0-9]{1,19})*)?$/;

const isSnapshot = (v: unknown): v is string => typeof v === 'string' && SNAPSHOT.test(v);

/** The checkpoint to send for `cp`, or undefined (pull from the start). */
export function currentCheckpoint(cp: unknown): PullCheckpoint | HorizonCheckpoint | undefined {
  if (!cp || typeof cp !== 'object') return undefined;
  const { snapshot, upto, txid, id } = cp as Record<string, unknown>;
  if (snapshot !== undefined) {
    if (snapshot !== null && !isSnapshot(snapshot)) return undefined;
    if (upto === null || upto === undefined) return { snapshot, upto: null, txid: null, id: null };
    if (!isSnapshot(upto) || typeof txid !== 'string' || !TXID.test(txid) || typeof id !== 'string') return undefined;
    return { snapshot, upto, txid, id };
  }
  return typeof txid === 'string' && TXID.test(txid) && typeof id === 'string' ? { txid, id } : undefined;
}

/** The `sync_pull` arguments for the page after `cp`. */
export function pullArguments(collection: string, cp: PullCheckpoint | HorizonCheckpoint | undefined, limit: number) {
  return { p_collection: collection, p_checkpoint: cp ?? null, p_limit: limit };
}

/** The checkpoint the server answered with, if it is one. */
export function checkpointOf(answer: unknown): PullCheckpoint | undefined {
  const cp = currentCheckpoint(answer);
  return cp && 'snapshot' in cp ? cp : undefined;
}
