/**
 * The `data` of a `postgres_changes` message, as Realtime's CDC emits it for a change.
 * Invariants: the payload is built from the change alone (once per change; the hub splices it
 * into every channel's frame); under the default replica identity an old image carries only the
 * primary key, and a deleted row of an RLS table never shows more than its key, whatever the
 * replica identity (as Realtime: deletes cannot be filtered by RLS).
 */
import type { Change, Row } from './changes';

function pick(row: Row | null, columns: readonly string[]): Row {
  const out: Row = {};
  if (!row) return out;
  for (const c of columns) out[c] = row[c];
  return out;
}

/** The `data` object of a `postgres_changes` message, as Realtime's CDC emits it. */
export function changeData(change: Change): Record<string, unknown> {
  const t = change.table;
  const data: Record<string, unknown> = {
    schema: t.schema,
    table: t.name,
    commit_timestamp: change.at.toISOString(),
    type: change.op,
    columns: t.columns,
    errors: null,
  };
  if (change.op !== 'DELETE') data.record = change.newRow ?? {};
  // Default replica identity: the old image carries only the primary key. RLS tables never
  // expose more than the key of a deleted row (as Realtime: deletes cannot be secured further).
  if (change.op === 'UPDATE') data.old_record = t.replicaFull ? (change.oldRow ?? {}) : pick(change.oldRow, t.primaryKey);
  if (change.op === 'DELETE') data.old_record = t.replicaFull && !t.rls ? (change.oldRow ?? {}) : pick(change.oldRow, t.primaryKey);
  return data;
}
