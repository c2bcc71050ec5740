/**
 * Reads and writes on one table or view for /rest/v1 (runs inside the caller's transaction).
 * Invariants: SQL only from sql.ts builders (catalog identifiers, bind parameters); reads are
 * capped by `max_rows`; PATCH/DELETE without any filter are refused like hosted Supabase
 * (pg-safeupdate: 21000) before touching a row; an upsert updates every payload column (so a
 * key-only body still returns its row) and answers 201 only when it inserted a row, 200 when
 * it only updated (PostgREST ≥ 11.2); `max-affected` (handling=strict) fails the request and
 * rolls it back when more rows were touched; single-object answers need exactly one row.
 */
import type { IncomingMessage } from 'node:http';
import type { Tx } from '../db/database';
import { quoteIdent, type Relation } from './catalog';
import { parseFilters } from './grammar';
import { Params, whereSql, filterSql, jsonAggregate, payloadColumns } from './sql';
import { EmbedSql, hasInnerEmbeds, type SelectPlan } from './embed';
import { invalidJson, pgrst } from './errors';
import { contentRange, parseRange, type Prefer } from './prefer';

export const OBJECT_MIME = 'application/vnd.pgrst.object+json';
const INSERTED = '"%pgrst_inserted"';

export interface TableRequest {
  rel: Relation;
  /** select + embeds, resolved against the catalog before the transaction */
  plan: SelectPlan;
  method: string;
  req: IncomingMessage;
  prefer: Prefer;
  body: unknown;
  single: boolean;
  maxRows: number | undefined;
}

export interface TableResult {
  status: number;
  body: string | null;
  range: string;
}

const quote = quoteIdent;

/** Unwraps a one-element JSON array or raises PGRST116 (which rolls the transaction back). */
export function singleObject(arrayText: string, n: number): string {
  if (n !== 1) {
    throw pgrst(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`);
  }
  const arr = JSON.parse(arrayText) as unknown[];
  return JSON.stringify(arr[0]);
}

export async function executeOnTable(tx: Tx, r: TableRequest): Promise<TableResult> {
  const { rel, method, prefer, single, plan } = r;
  const params = plan.rootParams;
  const p = new Params();
  const embeds = new EmbedSql(p);
  const filters = parseFilters(params);
  if (method === 'GET' || method === 'HEAD') {
    // the parent's own filters plus `exists` for each !inner embed; its params come first (count reuses them)
    const t0 = quote('%t0');
    const conds = [...filters.map((f) => `(${filterSql(rel, f, p)})`), ...embeds.innerConditions(plan.children, t0)];
    const where = conds.length > 0 ? ` where ${conds.join(' and ')}` : '';
    const whereParams = p.values.length;
    const order = embeds.orderList(rel, plan, params.get('order'), t0);
    const { limit, offset } = parseRange(r.req, params, r.maxRows);
    const page = `${limit !== undefined ? ` limit ${p.add(limit)}` : ''}${offset ? ` offset ${p.add(offset)}` : ''}`;
    const select = embeds.selectList(rel, plan, '_src');
    const q = await tx.query<{ body: string; n: number }>(jsonAggregate(`(select * from ${rel.sqlName} ${t0}${where}${order}${page}) _src`, select), p.values);
    const row = q.rows[0]!;
    let total: number | undefined;
    if (prefer.count) {
      const c = await tx.query<{ n: number }>(`select count(*)::int as n from ${rel.sqlName} ${t0}${where}`, p.values.slice(0, whereParams));
      total = c.rows[0]!.n;
    }
    const text = single ? singleObject(row.body, row.n) : row.body;
    const partial = total !== undefined && row.n < total;
    return { status: partial ? 206 : 200, body: text, range: contentRange(offset, row.n, total) };
  }
  if ((method === 'PATCH' || method === 'DELETE') && filters.length === 0) {
    // hosted Supabase loads pg-safeupdate for API roles: a filterless UPDATE/DELETE is an error
    throw pgrst(400, '21000', `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`, null, 'Add a filter (e.g. ?id=eq.1); to touch every row use a filter that matches all of them');
  }
  if (hasInnerEmbeds(plan)) {
    throw pgrst(400, 'PGRST100', '!inner embeds and null filters on embeds are not supported by the local backend on writes', 'Filter the written rows with the request filters instead');
  }
  let cte: string;
  let tracksInserts = false;
  if (method === 'POST') {
    const body = r.body;
    if (body === undefined || body === null || typeof body !== 'object') throw invalidJson('expected a JSON object or array');
    const rows = (Array.isArray(body) ? body : [body]) as unknown[];
    if (rows.some((x) => typeof x !== 'object' || x === null || Array.isArray(x))) throw invalidJson('all elements must be objects');
    const records = rows as Record<string, unknown>[];
    const cols = payloadColumns(rel, records, params.get('columns'));
    if (records.length === 0) return { status: 201, body: prefer.return === 'representation' ? '[]' : null, range: '*/*' };
    const colList = cols.map(quote).join(', ');
    let conflict = '';
    if (prefer.resolution) {
      const onConflict = params.get('on_conflict');
      const keys = onConflict ? onConflict.split(',').map((s) => s.trim()) : rel.primaryKey;
      for (const k of keys) if (!rel.columns.has(k)) throw pgrst(400, '42703', `column "${k}" does not exist`);
      if (keys.length === 0) throw pgrst(400, 'PGRST100', 'on_conflict requires a primary key or on_conflict columns');
      const target = keys.map(quote).join(', ');
      conflict =
        prefer.resolution === 'ignore-duplicates' || cols.length === 0
          ? ` on conflict (${target}) do nothing`
          : // every payload column, keys included: a key-only body still "updates" and returns its row
            ` on conflict (${target}) do update set ${cols.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ')}`;
      tracksInserts = rel.isTable;
    }
    const returning = tracksInserts ? `returning *, (xmax = 0) as ${INSERTED}` : 'returning *';
    cte = cols.length
      ? `insert into ${rel.sqlName} (${colList}) select ${colList} from jsonb_populate_recordset(null::${rel.sqlName}, ${p.add(JSON.stringify(records))}::jsonb)${conflict} ${returning}`
      : `insert into ${rel.sqlName} default values${conflict} ${returning}`;
  } else if (method === 'PATCH') {
    const body = r.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidJson('expected a JSON object');
    const cols = payloadColumns(rel, [body as Record<string, unknown>], null);
    if (cols.length === 0) return { status: 204, body: null, range: '*/*' };
    const colList = cols.map(quote).join(', ');
    const payload = p.add(JSON.stringify(body));
    const where = whereSql(rel, filters, p);
    cte = `update ${rel.sqlName} set (${colList}) = (select ${colList} from jsonb_populate_record(null::${rel.sqlName}, ${payload}::jsonb))${where} returning *`;
  } else {
    cte = `delete from ${rel.sqlName}${whereSql(rel, filters, p)} returning *`;
  }
  const select = embeds.selectList(rel, plan, '_w');
  const sql = `with _w as (${cte})
    select (select coalesce(json_agg(_r), '[]')::text from (select ${select} from _w) _r) as body,
           (select count(*)::int from _w) as n,
           ${tracksInserts ? `(select count(*)::int from _w where ${INSERTED})` : '0'} as inserted`;
  const q = await tx.query<{ body: string; n: number; inserted: number }>(sql, p.values);
  const row = q.rows[0]!;
  if (prefer.maxAffected !== undefined && method !== 'POST' && row.n > prefer.maxAffected) {
    throw pgrst(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${row.n} rows`);
  }
  const representation = prefer.return === 'representation';
  const text = representation && single ? singleObject(row.body, row.n) : representation ? row.body : null;
  if (!representation && single && row.n !== 1) singleObject(row.body, row.n);
  let status = method === 'POST' ? (tracksInserts && row.inserted === 0 && row.n > 0 ? 200 : 201) : 200;
  if (!representation && status !== 201) status = 204;
  return { status, body: text, range: contentRange(0, row.n, prefer.count ? row.n : undefined) };
}
