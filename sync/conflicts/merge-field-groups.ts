/**
 * Pure three-way merge of a local document with the server's row, group by group.
 * Invariants: (1) a group changed on one side only takes that side; (2) a group changed on both
 * sides goes to the newer edit — the local group's edit time (`sync_field_times[group]`, else the
 * local `updated_at`) against the server row's `updated_at`, ties to the server — unless the group
 * has its own rule; (3) object groups flagged `mergeKeys` are merged key by key with the same
 * rules, so two devices flipping different privacy switches both survive; (4) fields in no group
 * (id, created_at, server-owned flags) always come from the server; (5) tombstones win: a server
 * delete is final, a local delete beats server edits. Same inputs → same output (deterministic).
 */
import { deepEqual } from 'rxdb/plugins/utils';
import { isServerEqual, timeOf } from '../local-fields';

type Doc = Record<string, unknown>;

export interface FieldGroup {
  name: string;
  fields: readonly string[];
  /** Single object-valued field merged per key when both sides changed it. */
  mergeKeys?: boolean;
  /** Own rule when both sides changed the group; returns the group's merged values. */
  resolve?: (local: Doc, server: Doc) => Doc;
}

export interface MergePolicy {
  groups: readonly FieldGroup[];
}

export interface MergeInput {
  newDocumentState: Doc;
  realMasterState: Doc;
  assumedMasterState?: Doc;
}

function pick(doc: Doc, fields: readonly string[]): Doc {
  const out: Doc = {};
  for (const f of fields) if (doc[f] !== undefined) out[f] = doc[f];
  return out;
}

function asObject(value: unknown): Doc {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Doc) : {};
}

/** Decides one value three-way; `hasBase` false means both sides count as changed. */
function decide<T>(local: T, server: T, base: T | undefined, hasBase: boolean, localNewer: boolean): 'local' | 'server' {
  if (deepEqual(local, server)) return 'server';
  const localChanged = !hasBase || !deepEqual(local, base);
  const serverChanged = !hasBase || !deepEqual(server, base);
  if (!localChanged) return 'server';
  if (!serverChanged) return 'local';
  return localNewer ? 'local' : 'server';
}

export function mergeObjectKeys(local: Doc, server: Doc, base: Doc | undefined, localNewer: boolean): Doc {
  const out: Doc = {};
  const keys = new Set([...Object.keys(local), ...Object.keys(server), ...Object.keys(base ?? {})]);
  for (const key of [...keys].sort()) {
    const lv = local[key];
    const sv = server[key];
    const bv = base?.[key];
    let value: unknown;
    // Without a base, a key present on one side only is an addition, not a deletion.
    if (base === undefined && (lv === undefined || sv === undefined)) value = lv ?? sv;
    else value = decide(lv, sv, bv, base !== undefined, localNewer) === 'local' ? lv : sv;
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function laterTimestamp(a: unknown, b: unknown): unknown {
  return timeOf(a) > timeOf(b) ? a : b;
}

export function mergeFieldGroups(input: MergeInput, policy: MergePolicy): Doc {
  const local = input.newDocumentState;
  const server = input.realMasterState;
  const base = input.assumedMasterState;
  const localFieldTimes = asObject(local.sync_field_times) as Record<string, number>;
  const finish = (merged: Doc): Doc => {
    merged.sync_field_times = { ...localFieldTimes };
    merged.sync_error = null;
    merged.sync_state = isServerEqual(merged, server) ? 'clean' : 'dirty';
    return merged;
  };

  if (server._deleted === true) return finish({ ...server, _deleted: true });
  if (local._deleted === true) {
    return finish({ ...local, _deleted: true, sync_modified: server.sync_modified ?? null });
  }

  const merged: Doc = { ...server, _deleted: false };
  const serverTime = timeOf(server.updated_at);
  let localWonSomething = false;

  for (const group of policy.groups) {
    const lv = pick(local, group.fields);
    const sv = pick(server, group.fields);
    if (deepEqual(lv, sv)) continue;
    const bv = base ? pick(base, group.fields) : undefined;
    const localTime = localFieldTimes[group.name] ?? timeOf(local.updated_at);
    const localNewer = localTime > serverTime;
    const localChanged = !bv || !deepEqual(lv, bv);
    const serverChanged = !bv || !deepEqual(sv, bv);
    if (!localChanged) continue;

    let values: Doc;
    if (!serverChanged) values = lv;
    else if (group.resolve) values = group.resolve(lv, sv);
    else if (group.mergeKeys && group.fields.length === 1) {
      const field = group.fields[0] as string;
      values = {
        [field]: mergeObjectKeys(asObject(lv[field]), asObject(sv[field]), bv ? asObject(bv[field]) : undefined, localNewer),
      };
    } else values = localNewer ? lv : sv;

    for (const field of group.fields) {
      if (values[field] === undefined) delete merged[field];
      else merged[field] = values[field];
    }
    if (!deepEqual(pick(merged, group.fields), sv)) localWonSomething = true;
  }

  if (localWonSomething && 'updated_at' in server) {
    merged.updated_at = laterTimestamp(local.updated_at, server.updated_at);
  }
  return finish(merged);
}
