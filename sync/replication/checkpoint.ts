/**
 * Pull checkpoint = the last pulled row's (`_modified`, `id`). Invariants: `_modified` is kept as
 * the server's exact string (microseconds survive; JS Dates would round them and re-pull or skip
 * rows); rows are read in (`_modified`, `id`) order, so the pair is a total, resumable position.
 */
export interface PullCheckpoint {
  modified: string;
  id: string;
}

/** PostgREST `or` filter for rows strictly after the checkpoint (server contract). */
export function afterCheckpointFilter(cp: PullCheckpoint): string {
  return `_modified.gt.${cp.modified},and(_modified.eq.${cp.modified},id.gt.${cp.id})`;
}

export function checkpointOf(row: Record<string, unknown> | undefined): PullCheckpoint | undefined {
  if (!row || typeof row._modified !== 'string' || typeof row.id !== 'string') return undefined;
  return { modified: row._modified, id: row.id };
}
