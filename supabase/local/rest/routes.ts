/**
 * /rest/v1 — PostgREST-compatible reads, writes and RPC over PGlite.
 * Invariants: names are resolved against the catalog BEFORE the request's transaction (a
 * catalog reload inside it would wait for itself); one transaction per request, as the JWT's
 * role with request.jwt.claims set (RLS decides); GET/HEAD /rpc run read-only (a writing
 * function fails like on PostgREST); nothing is written when any part fails; `Prefer:
 * tx=rollback` answers as if committed and rolls back; errors are PostgREST-shaped; HEAD
 * never returns a body; unimplemented features answer an error naming them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database, Tx } from '../db/database';
import type { Claims } from '../auth/jwt';
import { header, readBody, parseJson, send, HttpError, JSON_BODY_LIMIT } from '../http/util';
import { Catalog } from './catalog';
import { parseFilters, parseOrder, parseSelect } from './grammar';
import { fromPgError, invalidJson, isPgError, pgrst, unknownTable } from './errors';
import { callRpc, resolveRpc } from './rpc';
import { contentRange, parsePrefer, parseRange, readMaxRows, type Prefer } from './prefer';
import { planSelect } from './embed';
import { executeOnTable, OBJECT_MIME, singleObject, type TableResult } from './table';

/** Carries a finished result out of a transaction that must not commit (tx=rollback). */
class RollbackWith<T> {
  constructor(readonly value: T) {}
}

const ACCEPTABLE = ['application/json', OBJECT_MIME, '*/*', 'application/*'];

function checkAccept(req: IncomingMessage): boolean {
  const accept = header(req, 'accept');
  if (!accept) return false;
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  if (types.some((t) => ACCEPTABLE.includes(t))) return types.includes(OBJECT_MIME);
  throw pgrst(406, 'PGRST107', `None of these media types are available: ${accept.slice(0, 200)}`, 'The local backend answers application/json and application/vnd.pgrst.object+json only');
}

export class RestApi {
  readonly catalog: Catalog;
  readonly maxRows: number | undefined;
  constructor(
    private readonly db: Database,
    maxRows: number | undefined = readMaxRows(),
  ) {
    this.catalog = new Catalog(db);
    this.maxRows = maxRows;
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL, claims: Claims): Promise<void> {
    const profile = header(req, 'accept-profile') ?? header(req, 'content-profile');
    if (profile && profile !== 'public') {
      throw pgrst(406, 'PGRST106', 'The schema must be one of the following: public', `Invalid schema: ${profile}`);
    }
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? 'GET';
    const single = checkAccept(req);
    const prefer = parsePrefer(req);
    if (segments[0] === 'rpc' && segments.length === 2) return this.rpc(req, res, segments[1]!, method, url, claims, prefer, single);
    if (segments.length !== 1) throw pgrst(404, 'PGRST125', `Invalid path specified in request URL`);
    if (method === 'PUT') {
      throw pgrst(405, 'PGRST117', 'PUT (single-row upsert) is not implemented by the local backend', 'Use POST with Prefer: resolution=merge-duplicates');
    }
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) throw pgrst(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    const since = Date.now();
    const rel = await this.catalog.relation(segments[0]!, since);
    if (!rel) throw unknownTable('public', segments[0]!);
    const plan = await planSelect(this.catalog, rel, url.searchParams, since); // embeds: catalog lookups stay outside the transaction
    let body: unknown;
    if (method === 'POST' || method === 'PATCH') body = parseJson(await readBody(req, JSON_BODY_LIMIT), invalidJson);
    const out = await this.run(claims, prefer, (tx) =>
      executeOnTable(tx, { rel, plan, method, req, prefer, body, single, maxRows: this.maxRows }),
    );
    this.reply(res, out, prefer, single, method === 'POST' && prefer.resolution ? [`resolution=${prefer.resolution}`] : []);
  }

  private async rpc(req: IncomingMessage, res: ServerResponse, name: string, method: string, url: URL, claims: Claims, prefer: Prefer, single: boolean): Promise<void> {
    const readOnly = method === 'GET' || method === 'HEAD';
    if (!readOnly && method !== 'POST') throw pgrst(405, 'PGRST101', 'For functions, only GET and POST verbs are allowed');
    const query = new URLSearchParams(url.searchParams);
    let args: unknown = {};
    if (method === 'POST') args = parseJson(await readBody(req, JSON_BODY_LIMIT), invalidJson) ?? {};
    else {
      // GET: parameters named like an argument of any overload are arguments; the rest filter the rows
      const argNames = new Set((await this.catalog.functionsNamed(name)).flatMap((f) => f.args.map((a) => a.name)));
      const record: Record<string, string> = {};
      for (const [k, v] of url.searchParams) {
        if (argNames.has(k)) {
          record[k] = v;
          query.delete(k);
        }
      }
      args = record;
    }
    const fn = await resolveRpc(this.catalog, name, args);
    const shaping = {
      select: parseSelect(query.get('select')),
      filters: parseFilters(query),
      order: parseOrder(query.get('order')),
      page: parseRange(req, query, fn.returnsSet ? this.maxRows : undefined),
      count: prefer.count !== undefined,
    };
    const out = await this.run(claims, prefer, async (tx) => {
      // PostgREST runs GET/HEAD calls in a read-only transaction: writing functions fail (25006 → 405)
      if (readOnly) await tx.query('set transaction read only');
      const r = await callRpc(tx, fn, args as Record<string, unknown>, shaping);
      if (prefer.maxAffected !== undefined && r.n > prefer.maxAffected) throw maxAffectedError(r.n);
      const body = single && fn.returnsSet && r.body !== null ? singleObject(r.body, r.n) : r.body;
      const status = r.body === null ? 204 : r.total !== undefined && r.n < r.total ? 206 : 200;
      return { status, body, range: contentRange(shaping.page.offset, r.n, r.total) } satisfies TableResult;
    });
    this.reply(res, out, prefer, single, []);
  }

  private reply(res: ServerResponse, out: TableResult, prefer: Prefer, single: boolean, extra: string[]): void {
    const headers: Record<string, string> = {
      'Content-Type': `${single ? OBJECT_MIME : 'application/json'}; charset=utf-8`,
      'Content-Range': out.range,
    };
    const applied = [...extra, ...prefer.applied.filter((a) => !a.startsWith('return=') && !a.startsWith('count='))];
    if (applied.length > 0) headers['Preference-Applied'] = applied.join(', ');
    send(res, out.status, out.body, headers);
  }

  /** One transaction as the caller; `tx=rollback` keeps the answer and discards the writes. */
  private async run<T>(claims: Claims, prefer: Prefer, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.asRole(claims.role, claims, async (tx) => {
        const value = await fn(tx);
        if (prefer.tx === 'rollback') throw new RollbackWith(value);
        return value;
      });
    } catch (e) {
      if (e instanceof RollbackWith) return e.value as T;
      if (e instanceof HttpError) throw e;
      if (isPgError(e)) throw fromPgError(e, claims.role);
      throw e;
    }
  }
}

export function maxAffectedError(n: number): HttpError {
  return pgrst(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
}
