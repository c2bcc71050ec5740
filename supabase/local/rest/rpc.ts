/**
 * POST/GET /rest/v1/rpc/<fn> — calls a function of the exposed schema with named arguments.
 * Invariants: the function and its argument names/types come from the catalog; values are
 * bound as parameters with casts from format_type (JSON values serialised for json/jsonb,
 * JS arrays expanded for array types); the call runs inside the caller's role transaction,
 * so SECURITY INVOKER functions are subject to RLS; select/filters/order/limit/count apply
 * to the rows a function returns (PostgREST's semantics), and are refused — never ignored —
 * where they cannot apply (scalar results).
 */
import type { Tx } from '../db/database';
import { quoteIdent, type Catalog, type DbFunction } from './catalog';
import { Params, jsonAggregate, orderSql, selectListSql, whereSql } from './sql';
import type { Filter, OrderTerm, SelectItem } from './grammar';
import type { Page } from './prefer';
import { pgrst } from './errors';

function pickFunction(candidates: DbFunction[], keys: string[]): DbFunction | undefined {
  return candidates.find(
    (f) =>
      keys.every((k) => f.args.some((a) => a.name === k)) &&
      f.args.every((a) => a.hasDefault || keys.includes(a.name)),
  );
}

function bind(p: Params, type: string, value: unknown): string {
  if (value === null || value === undefined) return `null::${type}`;
  if (type === 'json' || type === 'jsonb') return `${p.add(JSON.stringify(value))}::${type}`;
  if (type.endsWith('[]') && Array.isArray(value)) {
    const elem = type.slice(0, -2);
    return `array(select _e::${elem} from jsonb_array_elements_text(${p.add(JSON.stringify(value))}::jsonb) _e)::${type}`;
  }
  if (typeof value === 'object') return `${p.add(JSON.stringify(value))}::${type}`;
  return `${p.add(String(value))}::${type}`;
}

/** Finds the function for these argument names (outside any transaction: may reload the catalog). */
export async function resolveRpc(catalog: Catalog, name: string, args: unknown): Promise<DbFunction> {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw pgrst(400, 'PGRST102', 'Empty or invalid json', 'RPC arguments must be a JSON object');
  }
  const keys = Object.keys(args);
  const fn = pickFunction(await catalog.functionsNamed(name), keys);
  if (!fn) {
    throw pgrst(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${keys.sort().join(', ')}) in the schema cache`,
      `Searched for the function public.${name} with parameters ${keys.sort().join(', ') || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  return fn;
}

/** What may follow the call: PostgREST applies select, filters, order and paging to its rows. */
export interface RpcShaping {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  page: Page;
  count: boolean;
}

export interface RpcResult {
  body: string | null;
  /** rows returned (set-returning functions), for Content-Range and max-affected */
  n: number;
  total?: number;
}

const shaped = (s: RpcShaping): boolean => s.filters.length > 0 || s.order.length > 0 || s.page.limit !== undefined || s.page.offset > 0 || !(s.select.length === 1 && s.select[0]!.column === '*');

export async function callRpc(tx: Tx, fn: DbFunction, args: Record<string, unknown>, shaping: RpcShaping): Promise<RpcResult> {
  const keys = Object.keys(args);
  const p = new Params();
  const argSql = fn.args
    .filter((a) => keys.includes(a.name))
    .map((a) => `${quoteIdent(a.name)} => ${bind(p, a.type, args[a.name])}`)
    .join(', ');
  const call = `${fn.sqlName}(${argSql})`;
  if (!fn.returnsSet && !fn.returnsComposite) {
    if (shaped(shaping)) {
      throw pgrst(400, 'PGRST100', `select, filters, order and limit apply only to functions returning rows; ${fn.name} returns ${fn.returnType}`);
    }
    const r = await tx.query<{ body: string | null }>(`select to_json(${call})::text as body`, p.values);
    return { body: fn.returnsVoid ? null : (r.rows[0]?.body ?? 'null'), n: 1 };
  }
  const shape = fn.resultColumns ? { name: fn.name, columns: fn.resultColumns } : undefined;
  if (!shape && shaped(shaping)) {
    throw pgrst(400, 'PGRST100', `select, filters and order are not implemented by the local backend for ${fn.name}, whose rows have no declared columns`);
  }
  const where = shape ? whereSql(shape, shaping.filters, p) : '';
  const whereParams = p.values.length;
  const order = shape ? orderSql(shape, shaping.order) : '';
  const { limit, offset } = shaping.page;
  const page = `${limit !== undefined ? ` limit ${p.add(limit)}` : ''}${offset ? ` offset ${p.add(offset)}` : ''}`;
  const sql = shape
    ? jsonAggregate(`(select * from ${call} _f${where}${order}${page}) _src`, selectListSql(shape, shaping.select))
    : // rows without declared columns (setof scalar): each value as is, like PostgREST
      `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (select * from ${call} _r${page}) _s(_r)`;
  const r = await tx.query<{ body: string; n: number }>(sql, p.values);
  const row = r.rows[0]!;
  let total: number | undefined;
  if (shaping.count && fn.returnsSet) {
    const c = await tx.query<{ n: number }>(`select count(*)::int as n from ${call} _f${where}`, p.values.slice(0, whereParams));
    total = c.rows[0]!.n;
  }
  if (fn.returnsSet) return { body: row.body, n: row.n, total };
  // a single composite: the object itself (null when filtered away)
  const arr = JSON.parse(row.body) as unknown[];
  return { body: JSON.stringify(arr[0] ?? null), n: row.n };
}
