/**
 * Marks every local write so "what is waiting" is known from the database alone (any tab).
 * Invariants: an insert, a remove, or an update that changes a server-visible field sets
 * `sync_state = 'dirty'`, clears `sync_error`, stamps the edited field groups' times and, if the
 * caller did not set it, `updated_at`. Writes that only touch `sync_*` fields (the engine's own
 * acknowledgements and rejections) are left untouched. Replication writes bypass RxDB hooks, so
 * pulled rows are never marked.
 */
import type { RxCollection } from 'rxdb';
import { deepEqual } from 'rxdb/plugins/utils';
import { serverView } from './local-fields';
import type { FieldGroup } from './conflicts/merge-field-groups';

type Doc = Record<string, unknown>;

function stamp(data: Doc, groupNames: string[], nowMs: number): void {
  const times = { ...((data.sync_field_times as Record<string, number> | undefined) ?? {}) };
  for (const name of groupNames) times[name] = nowMs;
  data.sync_field_times = times;
  data.sync_state = 'dirty';
  data.sync_error = null;
}

export function markLocalInsert(data: Doc, groups: readonly FieldGroup[], nowMs: number): void {
  if (data.sync_modified === undefined) data.sync_modified = null;
  stamp(
    data,
    groups.map((g) => g.name),
    nowMs,
  );
}

export function markLocalUpdate(newData: Doc, oldData: Doc, groups: readonly FieldGroup[], nowMs: number): void {
  if (deepEqual(serverView(newData), serverView(oldData))) return;
  const changed = groups
    .filter((g) => g.fields.some((f) => !deepEqual(newData[f], oldData[f])))
    .map((g) => g.name);
  if ('updated_at' in oldData && newData.updated_at === oldData.updated_at) {
    newData.updated_at = new Date(nowMs).toISOString();
  }
  stamp(newData, changed, nowMs);
}

export function markLocalRemove(data: Doc, nowMs: number): void {
  if ('updated_at' in data) data.updated_at = new Date(nowMs).toISOString();
  data.sync_state = 'dirty';
  data.sync_error = null;
}

/** Installs the hooks on one collection (called once when the database opens). */
export function trackLocalWrites(collection: RxCollection, groups: readonly FieldGroup[]): void {
  collection.preInsert((data: Doc) => markLocalInsert(data, groups, Date.now()), false);
  collection.preSave((newData: Doc, oldData: Doc) => markLocalUpdate(newData, oldData, groups, Date.now()), false);
  collection.preRemove((data: Doc) => markLocalRemove(data, Date.now()), false);
}
