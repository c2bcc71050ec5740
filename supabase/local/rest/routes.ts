/**
 * /rest/v1 — PostgREST-compatible reads, writes and RPC over PGlite.
 * Invariants: one transaction per request, as the JWT's role with request.jwt.claims set
 * (RLS decides); nothing is written when any part fails (single-object violations roll the
 * mutation back, like PostgREST); errors are PostgREST-shaped; HEAD never returns a body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database, Tx } from '../db/database';
import type { Claims } from '../auth/jwt';
import { header, readBody, parseJson, send, HttpError, JSON_BODY_LIMIT } from '../http/util';
import { Catalog, quoteIdent, type Relation } from './catalog';
import { parseFilters, parseOrder, parseSelect } from './grammar';
import { Params, whereSql, selectListSql, orderSql, jsonAggregate, payloadColumns } from './sql';
import { fromPgError, invalidJson, isPgError, pgrst, unknownTable } from './errors';
import { callRpc, resolveRpc } from './rpc';

const OBJECT_MIME = 'application/vnd.pgrst.object+json';

interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
}

function parsePrefer(req: IncomingMessage): Prefer {
  const out: Prefer = { return: undefined, resolution: undefined, count: undefined };
  for (const part of (header(req, 'prefer') ?? '').split(',')) {
    const [k, v] = part.trim().split('=');
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) out.return = v;
    if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) out.resolution = v;
    if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) out.count = v;
  }
  return out;
}

function parseRange(req: IncomingMessage, params: URLSearchParams): { limit?: number; offset: number } {
  let limit: number | undefined;
  let offset = 0;
  const range = header(req, 'range');
  const m = range ? /^(\d+)-(\d*)$/.exec(range.replace(/^items=/, '').trim()) : null;
  if (m) {
    offset = Number(m[1]);
    if (m[2]) limit = Number(m[2]) - offset + 1;
  }
  const l = params.get('limit');
  const o = params.get('offset');
  if (l !== null) {
    if (!/^\d+$/.test(l)) throw pgrst(400, 'PGRST100', `"failed to parse limit (${l})"`);
    limit = Math.min(limit ?? Infinity, Number(l));
  }
  if (o !== null) {
    if (!/^\d+$/.test(o)) throw pgrst(400, 'PGRST100', `"failed to parse offset (${o})"`);
    offset += Number(o);
  }
  return { limit, offset };
}

function contentRange(offset: number, n: number, total: number | undefined): string {
  const t = total === undefined ? '*' : String(total);
  return n === 0 ? `*/${t}` : `${offset}-${offset + n - 1}/${t}`;
}

export class RestApi {
  readonly catalog: Catalog;
  constructor(private readonly db: Database) {
    this.catalog = new Catalog(db);
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL, claims: Claims): Promise<void> {
    const profile = header(req, 'accept-profile') ?? header(req, 'content-profile');
    if (profile && profile !== 'public') {
      throw pgrst(406, 'PGRST106', 'The schema must be one of the following: public', `Invalid schema: ${profile}`);
    }
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? 'GET';
    if (segments[0] === 'rpc' && segments.length === 2) {
      let args: unknown = {};
      if (method === 'POST') args = parseJson(await readBody(req, JSON_BODY_LIMIT), invalidJson) ?? {};
      else if (method === 'GET' || method === 'HEAD') args = Object.fromEntries(url.searchParams);
      else throw pgrst(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      const fn = await resolveRpc(this.catalog, segments[1]!, args);
      const result = await this.run(claims, (tx) => callRpc(tx, fn, args as Record<string, unknown>));
      send(res, result.body === null ? 204 : 200, result.body, { 'Content-Type': 'application/json; charset=utf-8' });
      return;
    }
    if (segments.length !== 1) {
      throw pgrst(404, 'PGRST125', `Invalid path specified in request URL`);
    }
    const rel = await this.catalog.relation(segments[0]!);
    if (!rel) throw unknownTable('public', segments[0]!);
    const single = (header(req, 'accept') ?? '').includes(OBJECT_MIME);
    const prefer = parsePrefer(req);
    let body: unknown;
    if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
      body = parseJson(await readBody(req, JSON_BODY_LIMIT), invalidJson);
    }
    const out = await this.run(claims, (tx) => this.execute(tx, rel, method, url.searchParams, req, prefer, body, single));
    const headers: Record<string, string> = {
      'Content-Type': `${single ? OBJECT_MIME : 'application/json'}; charset=utf-8`,
      'Content-Range': out.range,
    };
    if (prefer.resolution && method === 'POST') headers['Preference-Applied'] = `resolution=${prefer.resolution}`;
    send(res, out.status, out.body, headers);
  }

  private async run<T>(claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.asRole(claims.role, claims, fn);
    } catch (e) {
      if (e instanceof HttpError) throw e;
      if (isPgError(e)) throw fromPgError(e, claims.role);
      throw e;
    }
  }

  private async execute(
    tx: Tx,
    rel: Relation,
    method: string,
    params: URLSearchParams,
    req: IncomingMessage,
    prefer: Prefer,
    body: unknown,
    single: boolean,
  ): Promise<{ status: number; body: string | null; range: string }> {
    const p = new Params();
    const select = selectListSql(rel, parseSelect(params.get('select')));
    const filters = parseFilters(params);
    if (method === 'GET' || method === 'HEAD') {
      const where = whereSql(rel, filters, p);
      const whereParams = p.values.length;
      const order = orderSql(rel, parseOrder(params.get('order')));
      const { limit, offset } = parseRange(req, params);
      const page = `${limit !== undefined ? ` limit ${p.add(limit)}` : ''}${offset ? ` offset ${p.add(offset)}` : ''}`;
      const r = await tx.query<{ body: string; n: number }>(
        jsonAggregate(`(select * from ${rel.sqlName}${where}${order}${page}) _src`, select),
        p.values,
      );
      const row = r.rows[0]!;
      let total: number | undefined;
      if (prefer.count) {
        const c = await tx.query<{ n: number }>(`select count(*)::int as n from ${rel.sqlName}${where}`, p.values.slice(0, whereParams));
        total = c.rows[0]!.n;
      }
      const text = single ? singleObject(row.body, row.n) : row.body;
      const partial = total !== undefined && row.n < total && (limit !== undefined || offset > 0);
      return { status: partial ? 206 : 200, body: text, range: contentRange(offset, row.n, total) };
    }
    let cte: string;
    let successStatus = 200;
    if (method === 'POST') {
      if (body === undefined || body === null || typeof body !== 'object') throw invalidJson('expected a JSON object or array');
      const rows = (Array.isArray(body) ? body : [body]) as unknown[];
      if (rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) throw invalidJson('all elements must be objects');
      const records = rows as Record<string, unknown>[];
      const cols = payloadColumns(rel, records, params.get('columns'));
      successStatus = 201;
      if (records.length === 0) return { status: 201, body: prefer.return === 'representation' ? '[]' : null, range: '*/*' };
      const colList = cols.map(quote).join(', ');
      let conflict = '';
      if (prefer.resolution) {
        const onConflict = params.get('on_conflict');
        const keys = onConflict ? onConflict.split(',').map((s) => s.trim()) : rel.primaryKey;
        for (const k of keys) if (!rel.columns.has(k)) throw pgrst(400, '42703', `column "${k}" does not exist`);
        if (keys.length === 0) throw pgrst(400, 'PGRST100', 'on_conflict requires a primary key or on_conflict columns');
        const updates = cols.filter((c) => !keys.includes(c));
        conflict =
          prefer.resolution === 'ignore-duplicates' || updates.length === 0
            ? ` on conflict (${keys.map(quote).join(', ')}) do nothing`
            : ` on conflict (${keys.map(quote).join(', ')}) do update set ${updates.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ')}`;
      }
      const payload = p.add(JSON.stringify(records));
      cte = cols.length
        ? `insert into ${rel.sqlName} (${colList}) select ${colList} from jsonb_populate_recordset(null::${rel.sqlName}, ${payload}::jsonb)${conflict} returning *`
        : `insert into ${rel.sqlName} default values returning *`;
    } else if (method === 'PATCH') {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidJson('expected a JSON object');
      const cols = payloadColumns(rel, [body as Record<string, unknown>], null);
      if (cols.length === 0) return { status: 204, body: null, range: '*/*' };
      const colList = cols.map(quote).join(', ');
      const payload = p.add(JSON.stringify(body));
      const where = whereSql(rel, filters, p);
      cte = `update ${rel.sqlName} set (${colList}) = (select ${colList} from jsonb_populate_record(null::${rel.sqlName}, ${payload}::jsonb))${where} returning *`;
    } else if (method === 'DELETE') {
      cte = `delete from ${rel.sqlName}${whereSql(rel, filters, p)} returning *`;
    } else {
      throw pgrst(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    const r = await tx.query<{ body: string; n: number }>(`with _w as (${cte}) ${jsonAggregate('_w', select)}`, p.values);
    const row = r.rows[0]!;
    const representation = prefer.return === 'representation';
    const text = representation && single ? singleObject(row.body, row.n) : representation ? row.body : null;
    if (!representation && single && row.n !== 1) singleObject(row.body, row.n);
    return {
      status: representation ? successStatus : successStatus === 201 ? 201 : 204,
      body: text,
      range: contentRange(0, row.n, prefer.count ? row.n : undefined),
    };
  }
}

const quote = quoteIdent;

/** Unwraps a one-element JSON array or raises PGRST116 (which rolls the transaction back). */
function singleObject(arrayText: string, n: number): string {
  if (n !== 1) {
    throw pgrst(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`);
  }
  const arr = JSON.parse(arrayText) as unknown[];
  return JSON.stringify(arr[0]);
}
