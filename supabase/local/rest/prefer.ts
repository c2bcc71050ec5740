/**
 * Request preferences and paging for /rest/v1: the `Prefer` header, Range/limit/offset and
 * `max_rows` from supabase/config.toml.
 * Invariants: PostgREST's semantics — unknown or invalid preferences are ignored unless
 * `handling=strict` (then 400 PGRST122 naming them); `max-affected` is enforced only with
 * `handling=strict`; `tx=rollback` is honoured (as PostgREST's rollback-allow-override);
 * preferences the local backend does not implement are refused by name (PGRST122-shaped
 * 400), never silently ignored; pure functions, no SQL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { header } from '../http/util';
import { pgrst } from './errors';
import { SUPABASE_DIR } from '../db/database';

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  tx: 'commit' | 'rollback' | undefined;
  strict: boolean;
  maxAffected: number | undefined;
  /** the preferences that were applied, for Preference-Applied */
  applied: string[];
}

const UNIMPLEMENTED = new Set(['missing', 'params', 'timezone']);

export function parsePrefer(req: IncomingMessage): Prefer {
  const out: Prefer = { return: undefined, resolution: undefined, count: undefined, tx: undefined, strict: false, maxAffected: undefined, applied: [] };
  const invalid: string[] = [];
  const raw = (req.headers['prefer'] === undefined ? [] : ([] as string[]).concat(req.headers['prefer'])).join(',');
  for (const part of raw.split(',')) {
    const item = part.trim();
    if (!item) continue;
    const [k, v] = item.split('=').map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) out.return = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) out.resolution = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) out.count = v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) out.tx = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) out.strict = v === 'strict';
    else if (k === 'max-affected' && v !== undefined && /^\d+$/.test(v)) out.maxAffected = Number(v);
    else if (k !== undefined && UNIMPLEMENTED.has(k)) {
      throw pgrst(400, 'PGRST122', `Prefer: ${item} is not implemented by the local backend`, `Unsupported preference: ${item}`);
    } else invalid.push(item);
  }
  if (out.strict && invalid.length > 0) {
    throw pgrst(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  if (!out.strict) out.maxAffected = undefined; // PostgREST ignores max-affected in lenient mode
  if (out.strict) out.applied.push('handling=strict');
  if (out.tx) out.applied.push(`tx=${out.tx}`);
  if (out.maxAffected !== undefined) out.applied.push(`max-affected=${out.maxAffected}`);
  if (out.count) out.applied.push(`count=${out.count}`);
  if (out.return) out.applied.push(`return=${out.return}`);
  return out;
}

/** `[api] max_rows` of supabase/config.toml (PostgREST's db-max-rows); undefined = no cap. */
export function readMaxRows(configPath = join(SUPABASE_DIR, 'config.toml')): number | undefined {
  try {
    const text = readFileSync(configPath, 'utf8');
    const api = /^\[api\]\s*$([\s\S]*?)(?=^\[)/m.exec(text + '\n[')?.[1] ?? '';
    const m = /^\s*max_rows\s*=\s*(\d+)\s*$/m.exec(api);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

export interface Page {
  limit?: number;
  offset: number;
}

export function parseRange(req: IncomingMessage, params: URLSearchParams, maxRows: number | undefined): Page {
  let limit: number | undefined;
  let offset = 0;
  const range = header(req, 'range');
  const m = range ? /^(\d+)-(\d*)$/.exec(range.replace(/^items=/, '').trim()) : null;
  if (m) {
    offset = Number(m[1]);
    if (m[2]) {
      if (Number(m[2]) < offset) throw pgrst(416, 'PGRST103', 'Requested range not satisfiable', `Range ${range} ends before it starts`);
      limit = Number(m[2]) - offset + 1;
    }
  }
  const l = params.get('limit');
  const o = params.get('offset');
  if (l !== null) {
    if (!/^\d{1,15}$/.test(l)) throw pgrst(400, 'PGRST100', `"failed to parse limit (${l.slice(0, 50)})"`);
    limit = Math.min(limit ?? Infinity, Number(l));
  }
  if (o !== null) {
    if (!/^\d{1,15}$/.test(o)) throw pgrst(400, 'PGRST100', `"failed to parse offset (${o.slice(0, 50)})"`);
    offset += Number(o);
  }
  if (maxRows !== undefined) limit = Math.min(limit ?? Infinity, maxRows);
  return { limit, offset };
}

export function contentRange(offset: number, n: number, total: number | undefined): string {
  const t = total === undefined ? '*' : String(total);
  return n === 0 ? `*/${t}` : `${offset}-${offset + n - 1}/${t}`;
}
