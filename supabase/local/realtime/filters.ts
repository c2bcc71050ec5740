/**
 * `postgres_changes` filters: the PostgREST-like grammar realtime-js sends (`col=eq.v`,
 * `col=not.in.(a,"b,c")`, several joined by top-level commas = AND) and their evaluation
 * against a row image (to_jsonb of the row).
 * Invariants: parsing either yields filters on existing columns with supported operators or
 * throws a FilterError with a message for the client; evaluation follows SQL semantics for
 * NULL (a comparison with NULL is not true; `is` and `isdistinct` are NULL-safe) and compares
 * by the column's type (numbers numerically, timestamps as instants, uuids case-insensitively).
 */

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'is' | 'isdistinct' | 'like' | 'ilike';
const OPS = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is', 'isdistinct', 'like', 'ilike']);
const NOT_IMPLEMENTED = new Set<string>(['match', 'imatch']);

export interface Filter {
  column: string;
  op: FilterOp;
  negate: boolean;
  /** scalar operand; for `in` the list */
  value: string | null;
  list: (string | null)[];
}

export class FilterError extends Error {}

/** Splits on commas outside double quotes and parentheses. */
function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      cur += ch;
      if (ch === '\\' && i + 1 < s.length) cur += s[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/** Parses a filter string; `columns` are the table's column names. */
export function parseFilters(filter: string, columns: ReadonlySet<string>): Filter[] {
  const trimmed = filter.trim();
  if (trimmed === '') return [];
  return splitTopLevel(trimmed).map((segment) => {
    const seg = segment.trim();
    if (seg === '') throw new FilterError('filter must not contain empty segments (check for extra commas)');
    const eq = seg.indexOf('=');
    if (eq <= 0) throw new FilterError(`invalid filter segment \`${seg}\`, expected column=operator.value`);
    const column = seg.slice(0, eq);
    let rest = seg.slice(eq + 1);
    const negate = rest.startsWith('not.');
    if (negate) rest = rest.slice(4);
    const dot = rest.indexOf('.');
    if (dot <= 0) throw new FilterError(`invalid filter segment \`${seg}\`, expected column=operator.value`);
    const op = rest.slice(0, dot);
    const raw = rest.slice(dot + 1);
    if (NOT_IMPLEMENTED.has(op)) throw new FilterError(`filter operator \`${op}\` is not implemented by the local backend`);
    if (!OPS.has(op)) throw new FilterError(`unsupported filter operator \`${op}\``);
    if (!columns.has(column)) throw new FilterError(`invalid column for filter ${column}`);
    if (op === 'in') {
      if (!raw.startsWith('(') || !raw.endsWith(')')) throw new FilterError(`\`in\` filter values must be in parentheses: ${raw}`);
      const inner = raw.slice(1, -1);
      if (inner.trim() === '') throw new FilterError('`in` filter requires at least one value');
      const list = splitTopLevel(inner).map((x) => (x.trim() === 'null' ? null : unquote(x.trim())));
      return { column, op, negate, value: null, list };
    }
    if (op === 'is' && !['null', 'true', 'false', 'unknown'].includes(raw.toLowerCase())) {
      throw new FilterError(`\`is\` filter value must be null, true, false or unknown: ${raw}`);
    }
    const value = op === 'is' ? raw.toLowerCase() : op === 'isdistinct' && raw === 'null' ? null : unquote(raw);
    return { column, op: op as FilterOp, negate, value, list: [] };
  });
}

type Kind = 'number' | 'bool' | 'time' | 'uuid' | 'text';

function kindOf(type: string): Kind {
  if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'].includes(type)) return 'number';
  if (type === 'bool') return 'bool';
  if (['timestamptz', 'timestamp', 'date'].includes(type)) return 'time';
  if (type === 'uuid') return 'uuid';
  return 'text';
}

function asText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** Three-way comparison of a row value with a filter operand; undefined when not comparable. */
function compare(rowValue: unknown, operand: string, kind: Kind): number | undefined {
  const text = asText(rowValue);
  if (text === null) return undefined;
  switch (kind) {
    case 'number': {
      const a = Number(text);
      const b = Number(operand);
      if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
      return a === b ? 0 : a < b ? -1 : 1;
    }
    case 'bool': {
      const norm = (x: string) => (['t', 'true', '1', 'yes', 'on', 'y'].includes(x.toLowerCase()) ? 1 : ['f', 'false', '0', 'no', 'off', 'n'].includes(x.toLowerCase()) ? 0 : NaN);
      const a = norm(text);
      const b = norm(operand);
      if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
      return a - b;
    }
    case 'time': {
      const a = Date.parse(text);
      const b = Date.parse(operand);
      if (Number.isNaN(a) || Number.isNaN(b)) return text === operand ? 0 : text < operand ? -1 : 1;
      return a === b ? 0 : a < b ? -1 : 1;
    }
    case 'uuid': {
      const a = text.toLowerCase();
      const b = operand.toLowerCase();
      return a === b ? 0 : a < b ? -1 : 1;
    }
    default:
      return text === operand ? 0 : text < operand ? -1 : 1;
  }
}

function likeToRegExp(pattern: string, insensitive: boolean): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) re += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (ch === '%' || ch === '*') re += '[\\s\\S]*';
    else if (ch === '_') re += '[\\s\\S]';
    else re += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, insensitive ? 'i' : '');
}

function test(f: Filter, value: unknown, kind: Kind): boolean {
  const isNull = value === null || value === undefined;
  switch (f.op) {
    case 'is': {
      const v = f.value?.toLowerCase() ?? 'null';
      if (v === 'null' || v === 'unknown') return isNull;
      return !isNull && compare(value, v, 'bool') === 0;
    }
    case 'isdistinct':
      if (f.value === null) return !isNull;
      return isNull || compare(value, f.value, kind) !== 0;
    case 'in':
      return !isNull && f.list.some((item) => item !== null && compare(value, item, kind) === 0);
    case 'like':
    case 'ilike': {
      const text = asText(value);
      return text !== null && f.value !== null && likeToRegExp(f.value, f.op === 'ilike').test(text);
    }
    default: {
      if (f.value === null) return false;
      const c = compare(value, f.value, kind);
      if (c === undefined) return false;
      return f.op === 'eq' ? c === 0 : f.op === 'neq' ? c !== 0 : f.op === 'lt' ? c < 0 : f.op === 'lte' ? c <= 0 : f.op === 'gt' ? c > 0 : c >= 0;
    }
  }
}

/** True when the row image satisfies every filter. `types` maps column → pg type name. */
export function matchesFilters(filters: readonly Filter[], row: Record<string, unknown>, types: ReadonlyMap<string, string>): boolean {
  for (const f of filters) {
    const value = row[f.column];
    const kind = kindOf(types.get(f.column) ?? 'text');
    const ok = test(f, value, kind);
    // SQL: NOT (NULL comparison) is still not true, except for the NULL-safe operators.
    const nullSafe = f.op === 'is' || f.op === 'isdistinct';
    if (f.negate) {
      if (!nullSafe && (value === null || value === undefined)) return false;
      if (ok) return false;
    } else if (!ok) return false;
  }
  return true;
}
