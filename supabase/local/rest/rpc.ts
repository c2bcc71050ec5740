/**
 * POST/GET /rest/v1/rpc/<fn> — calls a function of the exposed schema with named arguments.
 * Invariants: the function and its argument names/types come from the catalog; values are
 * bound as parameters with casts from format_type (JSON values serialised for json/jsonb,
 * JS arrays expanded for array types); the call runs inside the caller's role transaction,
 * so SECURITY INVOKER functions are subject to RLS.
 */
import type { Tx } from '../db/database';
import { quoteIdent, type Catalog, type DbFunction } from './catalog';
import { Params } from './sql';
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

export async function callRpc(tx: Tx, fn: DbFunction, args: Record<string, unknown>): Promise<{ body: string | null }> {
  const record = args;
  const keys = Object.keys(record);
  const p = new Params();
  const argSql = fn.args
    .filter((a) => keys.includes(a.name))
    .map((a) => `${quoteIdent(a.name)} => ${bind(p, a.type, record[a.name])}`)
    .join(', ');
  const call = `${fn.sqlName}(${argSql})`;
  let sql: string;
  if (fn.returnsSet) sql = `select coalesce(json_agg(_r), '[]')::text as body from ${call} _r`;
  else if (fn.returnsComposite) sql = `select to_json(_r)::text as body from ${call} _r`;
  else sql = `select to_json(${call})::text as body`;
  const r = await tx.query<{ body: string | null }>(sql, p.values);
  if (fn.returnsVoid) return { body: null };
  return { body: r.rows[0]?.body ?? 'null' };
}
