/**
 * Local-only document fields. Invariants: every field whose name starts with `sync_` lives only
 * in the device's database and is never sent to the server, except `sync_modified`, which is the
 * server's `_modified` column (RxDB forbids top-level names starting with `_`) and travels back as
 * `_modified` in a push's assumed state. `sync_state` is the single source of "what is waiting":
 * 'dirty' = a local change not yet acknowledged by the server, 'rejected' = the server refused it
 * permanently (details in `sync_error`), 'clean' = equal to the last known server state.
 * `sync_field_times` holds, per field group, the epoch ms of the last local edit; conflict
 * handlers compare it with the server row's `updated_at`.
 */
import { deepEqual } from 'rxdb/plugins/utils';

export type SyncState = 'clean' | 'dirty' | 'rejected';

export interface SyncError {
  code: string;
  message: string;
  at: string;
}

export interface SyncLocalFields {
  sync_state: SyncState;
  sync_modified: string | null;
  sync_error?: SyncError | null;
  sync_field_times?: Record<string, number>;
}

export const LOCAL_FIELD_PREFIX = 'sync_';

/** JSON-schema fragment every replicated collection embeds (see schemas/). */
export const SYNC_LOCAL_PROPERTIES = {
  sync_state: { type: 'string', enum: ['clean', 'dirty', 'rejected'], maxLength: 8 },
  sync_modified: { type: ['string', 'null'] },
  sync_error: {
    type: ['object', 'null'],
    properties: {
      code: { type: 'string' },
      message: { type: 'string' },
      at: { type: 'string' },
    },
  },
  sync_field_times: { type: 'object', additionalProperties: { type: 'number' } },
} as const;

type AnyDoc = Record<string, unknown>;

function isLocalOnly(key: string): boolean {
  return key.startsWith(LOCAL_FIELD_PREFIX) && key !== 'sync_modified';
}

/** The part of a document the server knows about (incl. `_deleted` and `sync_modified`). */
export function serverView(doc: AnyDoc): AnyDoc {
  const out: AnyDoc = {};
  for (const key of Object.keys(doc)) {
    if (isLocalOnly(key) || key === '_meta' || key === '_rev' || key === '_attachments') continue;
    if (doc[key] !== undefined) out[key] = doc[key];
  }
  out._deleted = !!doc._deleted;
  return out;
}

/** True when both documents hold the same server-visible state. */
export function isServerEqual(a: AnyDoc, b: AnyDoc): boolean {
  return deepEqual(serverView(a), serverView(b));
}

/** Local document → server row: `sync_*` removed, `sync_modified` → `_modified`. */
export function toServerRow(doc: AnyDoc, withModified: boolean): AnyDoc {
  const row: AnyDoc = {};
  for (const key of Object.keys(doc)) {
    if (key.startsWith(LOCAL_FIELD_PREFIX) || key === '_meta' || key === '_rev' || key === '_attachments') continue;
    if (doc[key] !== undefined) row[key] = doc[key];
  }
  row._deleted = !!doc._deleted;
  if (withModified) row._modified = doc.sync_modified ?? null;
  return row;
}

/**
 * Server row → local document. Only fields the schema knows are kept, so a column added on the
 * server later can never break local validation; the result is 'clean'.
 */
export function fromServerRow(row: AnyDoc, knownFields: ReadonlySet<string>): AnyDoc {
  const doc: AnyDoc = {};
  for (const key of Object.keys(row)) {
    if (knownFields.has(key) && !key.startsWith(LOCAL_FIELD_PREFIX)) doc[key] = row[key];
  }
  doc._deleted = row._deleted === true;
  doc.sync_modified = typeof row._modified === 'string' ? row._modified : null;
  doc.sync_state = 'clean';
  doc.sync_error = null;
  doc.sync_field_times = {};
  return doc;
}

/** Epoch ms of an ISO/PostgREST timestamp; 0 when absent or unparsable. */
export function timeOf(value: unknown): number {
  if (typeof value !== 'string') return 0;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}
