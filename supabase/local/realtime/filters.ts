/**
 * `postgres_changes` filters: the PostgREST-like grammar realtime-js sends (`col=eq.v`,
 * `col=not.in.(a,"b,c")`, several joined by top-level commas = AND), compiled once at join, and
 * their evaluation against a row image (to_jsonb of the row).
 * Invariants: parsing either yields filters on existing columns with supported operators or
 * throws a FilterError with a message for the client; every operator costs O(1) comparisons
 * per row (no pattern matching: `like`, `ilike`, `match` and `imatch` are refused, so no
 * client input ever becomes a regular expression or a backtracking search); `in` holds at most
 * MAX_IN_VALUES values, kept as a set of canonical values; evaluation follows SQL semantics for
 * NULL (a comparison with NULL is not true; `is` and `isdistinct` are NULL-safe) and compares by
 * the column's type (numbers numerically, timestamps as instants, uuids case-insensitively).
 * `canonical` is the equality key shared by `eq`/`in` and the hub's value index.
 */

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'is' | 'isdistinct';
const OPS = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is', 'isdistinct']);
/** Realtime accepts these, evaluated in Postgres; here they would cost a scan per row and subscriber. */
const NOT_IMPLEMENTED = new Set<string>(['like', 'ilike', 'match', 'imatch']);
/** Supabase documents `in` with up to 100 values. */
export const MAX_IN_VALUES = 100;

export type Kind = 'number' | 'bool' | 'time' | 'uuid' | 'text';

export interface Filter {
  column: string;
  op: FilterOp;
  negate: boolean;
  kind: Kind;
  /** scalar operand (null for `isdistinct.null`); for `is`: null | true | false | unknown */
  value: string | null;
  /** `in`: the canonical values (nulls dropped: `in` never matches NULL) */
  set: ReadonlySet<string>;
  /** `eq`: the operand's canonical value */
  key: string | undefined;
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
  if (v.length < 2 || !v.startsWith('"') || !v.endsWith('"')) return v;
  let out = '';
  for (let i = 1; i < v.length - 1; i++) out += v[i] === '\\' && i + 1 < v.length - 1 ? v[++i] : v[i];
  return out;
}

export function kindOf(type: string): Kind {
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

function boolValue(x: string): number {
  const s = x.toLowerCase();
  if (['t', 'true', '1', 'yes', 'on', 'y'].includes(s)) return 1;
  if (['f', 'false', '0', 'no', 'off', 'n'].includes(s)) return 0;
  return NaN;
}

/** The equality key of a value of `kind`: equal keys ⇔ the values compare equal. */
export function canonical(value: unknown, kind: Kind): string | undefined {
  const text = asText(value);
  if (text === null) return undefined;
  switch (kind) {
    case 'number': {
      const n = Number(text);
      return Number.isNaN(n) ? undefined : String(n);
    }
    case 'bool': {
      const b = boolValue(text);
      return Number.isNaN(b) ? undefined : String(b);
    }
    case 'time': {
      const t = Date.parse(text);
      return Number.isNaN(t) ? `s:${text}` : `t:${t}`;
    }
    case 'uuid':
      return text.toLowerCase();
    default:
      return text;
  }
}

/** Three-way comparison of a row value with a filter operand; undefined when not comparable. */
function compare(rowValue: unknown, operand: string, kind: Kind): number | undefined {
  const text = asText(rowValue);
  if (text === null) return undefined;
  const order = (a: number | string, b: number | string) => (a === b ? 0 : a < b ? -1 : 1);
  switch (kind) {
    case 'number': {
      const a = Number(text);
      const b = Number(operand);
      return Number.isNaN(a) || Number.isNaN(b) ? undefined : order(a, b);
    }
    case 'bool': {
      const a = boolValue(text);
      const b = boolValue(operand);
      return Number.isNaN(a) || Number.isNaN(b) ? undefined : a - b;
    }
    case 'time': {
      const a = Date.parse(text);
      const b = Date.parse(operand);
      return Number.isNaN(a) || Number.isNaN(b) ? order(text, operand) : order(a, b);
    }
    case 'uuid':
      return order(text.toLowerCase(), operand.toLowerCase());
    default:
      return order(text, operand);
  }
}

/** Parses and compiles a filter string; `types` maps the table's columns to pg type names. */
export function parseFilters(filter: string, types: ReadonlyMap<string, string>): Filter[] {
  const trimmed = filter.trim();
  if (trimmed === '') return [];
  return splitTopLevel(trimmed).map((segment) => {
    const seg = segment.trim();
    if (seg === '') throw new FilterError('filter must not contain empty segments (check for extra commas)');
    const eq = seg.indexOf('=');
    if (eq <= 0) throw new FilterError(`invalid filter segment \`${seg.slice(0, 200)}\`, expected column=operator.value`);
    const column = seg.slice(0, eq);
    let rest = seg.slice(eq + 1);
    const negate = rest.startsWith('not.');
    if (negate) rest = rest.slice(4);
    const dot = rest.indexOf('.');
    if (dot <= 0) throw new FilterError(`invalid filter segment \`${seg.slice(0, 200)}\`, expected column=operator.value`);
    const op = rest.slice(0, dot);
    const raw = rest.slice(dot + 1);
    if (NOT_IMPLEMENTED.has(op)) throw new FilterError(`filter operator \`${op}\` is not implemented by the local backend (supported: eq, neq, lt, lte, gt, gte, in, is, isdistinct)`);
    if (!OPS.has(op)) throw new FilterError(`unsupported filter operator \`${op.slice(0, 50)}\``);
    const type = types.get(column);
    if (type === undefined) throw new FilterError(`invalid column for filter ${column.slice(0, 100)}`);
    const kind = kindOf(type);
    const base = { column, negate, kind, value: null, set: new Set<string>(), key: undefined };
    if (op === 'in') {
      if (!raw.startsWith('(') || !raw.endsWith(')')) throw new FilterError('`in` filter value must be wrapped by parentheses');
      const inner = raw.slice(1, -1);
      if (inner.trim() === '') throw new FilterError('`in` filter requires at least one value');
      const items = splitTopLevel(inner);
      if (items.length > MAX_IN_VALUES) throw new FilterError(`\`in\` filter can have at most ${MAX_IN_VALUES} values (got ${items.length})`);
      const set = new Set<string>();
      for (const item of items) {
        const t = item.trim();
        const key = t === 'null' ? undefined : canonical(unquote(t), kind);
        if (key !== undefined) set.add(key);
      }
      return { ...base, op, set };
    }
    if (op === 'is') {
      const v = raw.toLowerCase();
      if (!['null', 'true', 'false', 'unknown'].includes(v)) throw new FilterError(`\`is\` filter value must be null, true, false or unknown: ${raw.slice(0, 100)}`);
      return { ...base, op, value: v };
    }
    if (op === 'isdistinct' && raw === 'null') return { ...base, op };
    const value = unquote(raw);
    return { ...base, op: op as FilterOp, value, key: op === 'eq' ? canonical(value, kind) : undefined };
  });
}

function test(f: Filter, value: unknown): boolean {
  const isNull = value === null || value === undefined;
  switch (f.op) {
    case 'is': {
      if (f.value === 'null' || f.value === 'unknown') return isNull;
      return !isNull && compare(value, f.value ?? '', 'bool') === 0;
    }
    case 'isdistinct':
      if (f.value === null) return !isNull;
      return isNull || compare(value, f.value, f.kind) !== 0;
    case 'in': {
      const key = canonical(value, f.kind);
      return key !== undefined && f.set.has(key);
    }
    case 'eq': {
      const key = canonical(value, f.kind);
      return key !== undefined && key === f.key;
    }
    default: {
      if (f.value === null) return false;
      const c = compare(value, f.value, f.kind);
      if (c === undefined) return false;
      return f.op === 'neq' ? c !== 0 : f.op === 'lt' ? c < 0 : f.op === 'lte' ? c <= 0 : f.op === 'gt' ? c > 0 : c >= 0;
    }
  }
}

/** True when the row image satisfies every filter. */
export function matchesFilters(filters: readonly Filter[], row: Record<string, unknown>): boolean {
  for (const f of filters) {
    const value = row[f.column];
    const ok = test(f, value);
    // SQL: NOT (NULL comparison) is still not true, except for the NULL-safe operators.
    const nullSafe = f.op === 'is' || f.op === 'isdistinct';
    if (f.negate) {
      if (!nullSafe && (value === null || value === undefined)) return false;
      if (ok) return false;
    } else if (!ok) return false;
  }
  return true;
}

/** The filter a subscription can be indexed by: its first plain `eq` or `in`. */
export function indexKeys(filters: readonly Filter[]): { column: string; kind: Kind; keys: string[] } | undefined {
  for (const f of filters) {
    if (f.negate) continue;
    if (f.op === 'eq') return { column: f.column, kind: f.kind, keys: f.key === undefined ? [] : [f.key] };
    if (f.op === 'in') return { column: f.column, kind: f.kind, keys: [...f.set] };
  }
  return undefined;
}
