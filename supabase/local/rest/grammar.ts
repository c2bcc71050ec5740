/**
 * PostgREST URL grammar: select lists, filters (incl. nested or/and/not), order.
 * Invariants: pure functions, no SQL here; output is a typed tree whose column names are
 * still unvalidated strings (sql.ts checks them against the catalog). Quoted values
 * ("a,b") and escapes are honoured; malformed input raises PGRST100.
 */
import { parseError } from './errors';
import { nestingDepth } from '../http/util';

/** Nesting limits checked before anything reaches PGlite (deep input overflows its stack). */
export const MAX_VALUE_NESTING = 64;
export const MAX_LOGIC_DEPTH = 32;

function tooDeep(what: string, limit: number): Error {
  return parseError(`"failed to parse ${what}"`, `nested deeper than ${limit} levels (a limit of the local backend)`);
}

export const FILTER_OPS = new Set([
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'in', 'cs', 'cd', 'ov', 'isdistinct',
]);

export type Filter =
  | { kind: 'cond'; column: string; negate: boolean; op: string; value: string }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Filter[] };

export interface OrderTerm {
  column: string;
  desc: boolean;
  nulls?: 'first' | 'last';
}

export interface SelectItem {
  column: string; // '*' for all; for an embed, the relationship's name as written
  alias?: string;
  embed?: EmbedSpec;
}

/** `alias:target!hint!inner(select)` — an embedded resource (resolved in embed.ts). */
export interface EmbedSpec {
  target: string;
  hint?: string;
  join: 'inner' | 'left';
  select: SelectItem[];
}

/** Embeds nested deeper than this are refused (each level is one correlated subquery). */
export const MAX_EMBED_DEPTH = 8;

/** Splits on top-level commas, respecting (), {} and "quoted" segments. */
export function splitTopLevel(input: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      cur += ch;
      if (ch === '\\' && i + 1 < input.length) cur += input[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{' || ch === '[') {
      if (++depth > MAX_VALUE_NESTING) throw tooDeep('filter', MAX_VALUE_NESTING);
    }
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    if (depth < 0) throw parseError('"failed to parse filter"', `unbalanced parenthesis in ${input}`);
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (depth !== 0 || quoted) throw parseError('"failed to parse filter"', `unbalanced input: ${input}`);
  out.push(cur);
  return out;
}

/** Removes surrounding double quotes and backslash escapes. */
export function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    return v.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return v;
}

/** `op.value` or `not.op.value` (a top-level filter's query-string value). */
export function parseOpValue(column: string, raw: string): Filter {
  let negate = false;
  let rest = raw;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = dot < 0 ? rest : rest.slice(0, dot);
  if (!FILTER_OPS.has(op) || dot < 0) {
    throw parseError(`"failed to parse filter (${raw.slice(0, 200)})" (line 1, column 1)`, `unknown operator in ${column}=${raw.slice(0, 200)}`);
  }
  if (nestingDepth(rest, MAX_VALUE_NESTING) > MAX_VALUE_NESTING) throw tooDeep('filter', MAX_VALUE_NESTING);
  return { kind: 'cond', column, negate, op, value: unquote(rest.slice(dot + 1)) };
}

/** `(a.eq.1,and(b.gt.2,c.is.null))` — the body of or=/and= */
export function parseLogic(op: 'and' | 'or', negate: boolean, raw: string, depth = 1): Filter {
  if (depth > MAX_LOGIC_DEPTH) throw tooDeep('logic tree', MAX_LOGIC_DEPTH);
  const body = raw.trim();
  if (!body.startsWith('(') || !body.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${raw})" (line 1, column 1)`, 'expecting "("');
  }
  const children = splitTopLevel(body.slice(1, -1)).map((item) => parseLogicItem(item.trim(), depth));
  return { kind: 'logic', op, negate, children };
}

function parseLogicItem(item: string, depth: number): Filter {
  const m = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
  if (m) return parseLogic(m[2] as 'and' | 'or', Boolean(m[1]), m[3]!, depth + 1);
  const dot = item.indexOf('.');
  if (dot <= 0) throw parseError(`"failed to parse logic tree (${item})" (line 1, column 1)`, 'expecting column.operator.value');
  return parseOpValue(item.slice(0, dot), item.slice(dot + 1));
}

const EMBED = /^(?:([^:()!]+):)?([^:()!]+)((?:![^!()]+)*)\((.*)\)$/s;

export function parseSelect(raw: string | null, depth = 0): SelectItem[] {
  if (raw === null || raw.trim() === '' || raw.trim() === '*') return [{ column: '*' }];
  return splitTopLevel(raw).map((part) => {
    const p = part.trim();
    if (p.startsWith('...')) {
      throw parseError('Spread embeds (...) are not supported by the local backend', `select item: ${p.slice(0, 200)}`);
    }
    if (p.includes('(')) return parseEmbed(raw, p, depth);
    if (p.includes('::') || p.includes('->')) {
      throw parseError(`"failed to parse select parameter (${raw})"`, `casts and JSON paths are not supported: ${p}`);
    }
    const colon = p.indexOf(':');
    if (colon > 0) return { alias: unquote(p.slice(0, colon)), column: unquote(p.slice(colon + 1)) };
    return { column: unquote(p) };
  });
}

function parseEmbed(raw: string, p: string, depth: number): SelectItem {
  if (depth + 1 > MAX_EMBED_DEPTH) throw tooDeep('select parameter (embedded resources)', MAX_EMBED_DEPTH);
  const m = EMBED.exec(p);
  if (!m) throw parseError(`"failed to parse select parameter (${raw.slice(0, 200)})"`, `unexpected embedded resource syntax: ${p.slice(0, 200)}`);
  let hint: string | undefined;
  let join: 'inner' | 'left' = 'left';
  for (const h of (m[3] ?? '').split('!').filter(Boolean)) {
    if (h === 'inner' || h === 'left') join = h;
    else if (hint === undefined) hint = h.trim();
    else throw parseError(`"failed to parse select parameter (${raw.slice(0, 200)})"`, `more than one hint in ${p.slice(0, 200)}`);
  }
  const target = m[2]!.trim();
  const inner = m[4]!.trim();
  const alias = m[1]?.trim();
  return {
    column: target,
    ...(alias ? { alias } : {}),
    embed: { target, ...(hint ? { hint } : {}), join, select: inner === '' ? [] : parseSelect(inner, depth + 1) },
  };
}

export function parseOrder(raw: string | null): OrderTerm[] {
  if (!raw) return [];
  return splitTopLevel(raw).map((term) => {
    const parts = term.trim().split('.');
    const column = unquote(parts[0] ?? '');
    let desc = false;
    let nulls: 'first' | 'last' | undefined;
    for (const mod of parts.slice(1)) {
      if (mod === 'asc') desc = false;
      else if (mod === 'desc') desc = true;
      else if (mod === 'nullsfirst') nulls = 'first';
      else if (mod === 'nullslast') nulls = 'last';
      else throw parseError(`"failed to parse order (${raw})" (line 1, column 1)`, `unexpected "${mod}"`);
    }
    return { column, desc, nulls };
  });
}

/** `(a,b,"c,d")` → ['a','b','c,d'] */
export function parseInList(value: string): string[] {
  const v = value.trim();
  if (!v.startsWith('(') || !v.endsWith(')')) throw parseError(`"failed to parse filter (in.${value})"`, 'expecting "("');
  const inner = v.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((s) => unquote(s.trim()));
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

/** Turns the URL's query parameters into filters (everything except reserved keys). */
export function parseFilters(params: URLSearchParams): Filter[] {
  const out: Filter[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    const logic = /^(not\.)?(and|or)$/.exec(key);
    if (logic) out.push(parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), value));
    else out.push(parseOpValue(key, value));
  }
  return out;
}
