/**
 * /storage/v1 routing: objects, buckets, signed URLs, move/copy/info (TUS lives in tus.ts).
 * Invariants: every operation runs as the caller so storage.objects / storage.buckets policies
 * decide (public-bucket reads and signed URLs are the exceptions Supabase makes: the bucket
 * flag or the signature, created only after a policy check, is the permission); bodies are
 * size-limited; errors are {statusCode, code, error, message}; an unknown route answers
 * Supabase's 404 "Route … not found" and a known but unimplemented feature a 501 naming it —
 * never another route's answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Claims, JwtKeys } from '../auth/jwt';
import { sendJson } from '../http/util';
import type { Database } from '../db/database';
import { beforeBody, jsonBody, uploadBody } from './body';
import { BucketApi } from './buckets';
import { invalidRequest, notFound, notImplemented, routeNotFound } from './errors';
import { serveObject } from './serve';
import { SignedUrls } from './signed';
import { ObjectStore, type ObjectRow } from './store';
import { Transfers } from './transfer';

function objectJson(r: ObjectRow): Record<string, unknown> {
  return {
    name: r.name,
    id: r.id,
    updated_at: new Date(r.updated_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
    last_accessed_at: new Date(r.last_accessed_at).toISOString(),
    metadata: r.metadata,
  };
}

const UNIMPLEMENTED: Record<string, string> = {
  render: 'Image transformations (/render/image)',
  cdn: 'CDN cache purging (/cdn)',
  s3: 'The S3 protocol (/s3)',
  iceberg: 'Analytics buckets (/iceberg)',
  vector: 'Vector buckets (/vector)',
};

export class StorageApi {
  private readonly buckets: BucketApi;
  private readonly signed: SignedUrls;
  private readonly transfers: Transfers;

  constructor(
    _db: Database,
    private readonly store: ObjectStore,
    keys: JwtKeys,
    opts: { signedUrlMaxExpirySeconds?: number } = {},
  ) {
    this.buckets = new BucketApi(store);
    this.signed = new SignedUrls(store, keys, opts.signedUrlMaxExpirySeconds);
    this.transfers = new Transfers(store);
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL, claims: Claims | undefined, authError: unknown): Promise<void> {
    const method = req.method ?? 'GET';
    const notFoundRoute = () => routeNotFound(method, path + url.search);
    let seg: string[];
    try {
      seg = path.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw invalidRequest(`'${path}' is not a valid url component`);
    }
    // No bucket or object name holds a NUL byte (PostgreSQL text cannot): refused like bad encoding.
    if (seg.some((part) => part.includes('\0'))) throw invalidRequest(`'${path}' is not a valid url component`);
    const read = method === 'GET' || method === 'HEAD';
    const [area, ...rest] = seg;
    if (area && UNIMPLEMENTED[area]) throw notImplemented(UNIMPLEMENTED[area]);
    if (area === 'object') {
      const key = (from: number) => rest.slice(from).join('/');
      // routes that need no JWT (the signature or the public bucket is the permission)
      if (rest[0] === 'sign' && read && rest.length >= 3) return this.signed.download(req, res, rest[1]!, key(2), url);
      if (rest[0] === 'upload' && rest[1] === 'sign' && method === 'PUT' && rest.length >= 4) return this.signed.upload(req, res, rest[2]!, key(3), url);
      if (rest[0] === 'public' && read && rest.length >= 3) return this.get(req, res, undefined, rest[1]!, key(2), url, true);
      if (rest[0] === 'info' && rest[1] === 'public' && method === 'GET' && rest.length >= 4) return this.transfers.info(res, undefined, rest[2]!, key(3), true);
      if (!claims) throw authError;
      return this.object(req, res, claims, rest, url, notFoundRoute);
    }
    if (area !== 'bucket') throw notFoundRoute();
    if (!claims) throw authError;
    return this.bucket(req, res, claims, rest, url, notFoundRoute);
  }

  private async bucket(req: IncomingMessage, res: ServerResponse, claims: Claims, rest: string[], url: URL, notFoundRoute: () => Error): Promise<void> {
    const method = req.method ?? 'GET';
    const [id, action, ...more] = rest;
    if (more.length > 0) throw notFoundRoute();
    if (!id) {
      if (method === 'GET') return this.buckets.list(res, claims, url);
      if (method === 'POST') return this.buckets.create(res, claims, await jsonBody(req));
      throw notFoundRoute();
    }
    if (action === 'empty' && method === 'POST') return this.buckets.empty(res, claims, id);
    if (action !== undefined) throw notFoundRoute();
    if (method === 'GET') return this.buckets.get(res, claims, id);
    if (method === 'PUT') return this.buckets.update(res, claims, id, await jsonBody(req));
    if (method === 'DELETE') return this.buckets.remove(res, claims, id);
    throw notFoundRoute();
  }

  private async object(req: IncomingMessage, res: ServerResponse, claims: Claims, rest: string[], url: URL, notFoundRoute: () => Error): Promise<void> {
    const method = req.method ?? 'GET';
    const read = method === 'GET' || method === 'HEAD';
    const key = (from: number) => rest.slice(from).join('/');
    const [first, second] = rest;
    if (method === 'POST' && rest.length === 1 && first === 'move') return this.transfers.move(req, res, claims);
    if (method === 'POST' && rest.length === 1 && first === 'copy') return this.transfers.copy(req, res, claims);
    if (method === 'POST' && first === 'list' && second && rest.length === 2) return this.list(req, res, claims, second);
    if (method === 'POST' && first === 'list-v2') throw notImplemented('Listing objects with list-v2 (listV2)');
    if (method === 'POST' && first === 'sign' && second) return this.signed.sign(req, res, claims, second, key(2));
    if (method === 'POST' && first === 'upload' && second === 'sign' && rest.length >= 4) return this.signed.createUploadUrl(req, res, claims, rest[2]!, key(3));
    if (method === 'GET' && first === 'info') {
      if (second === 'authenticated' && rest.length >= 4) return this.transfers.info(res, claims, rest[2]!, key(3), false);
      if (second && rest.length >= 3) return this.transfers.info(res, claims, second, key(2), false);
      throw notFoundRoute();
    }
    if (read && first === 'authenticated' && rest.length >= 3) return this.get(req, res, claims, second!, key(2), url, false);
    if (!first) throw notFoundRoute();
    const name = key(1);
    if (method === 'DELETE') return name ? this.removeOne(res, claims, first, name) : this.removeMany(req, res, claims, first);
    if (!name) throw notFoundRoute();
    if (read) return this.get(req, res, claims, first, name, url, false);
    if (method === 'POST' || method === 'PUT') return this.upload(req, res, claims, first, name, method === 'PUT');
    throw notFoundRoute();
  }

  private async get(req: IncomingMessage, res: ServerResponse, claims: Claims | undefined, bucket: string, name: string, url: URL, publicRoute: boolean): Promise<void> {
    const row = await this.transfers.readable(claims, bucket, name, publicRoute);
    return serveObject(req, res, row, this.store.filePath(row.version), { download: url.searchParams.get('download') });
  }

  private async upload(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string, name: string, isPut: boolean): Promise<void> {
    const file = await uploadBody(req, await beforeBody(req, () => this.store.maxSize(bucket)));
    const upsert = isPut || req.headers['x-upsert'] === 'true';
    const row = await this.store.putBuffer(claims, { bucket, name, contentType: file.contentType, cacheControl: file.cacheControl, userMetadata: file.userMetadata, upsert }, file.body);
    sendJson(res, 200, { Key: `${bucket}/${name}`, Id: row.id });
  }

  private async list(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string): Promise<void> {
    const body = await jsonBody(req);
    // validated as Supabase's schema does: a wrong value is an error, never ignored
    if (typeof body.prefix !== 'string') throw invalidRequest("body must have required property 'prefix'");
    const int = (v: unknown, name: string, min: number, fallback: number): number => {
      if (v === undefined) return fallback;
      if (!Number.isSafeInteger(v) || (v as number) < min) throw invalidRequest(`body/${name} must be an integer >= ${min}`);
      return v as number;
    };
    const limit = int(body.limit, 'limit', 1, 100);
    const offset = int(body.offset, 'offset', 0, 0);
    if (body.search !== undefined && typeof body.search !== 'string') throw invalidRequest('body/search must be string');
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    let column = 'name';
    let desc = false;
    if (body.sortBy !== undefined) {
      const sortBy = body.sortBy as { column?: unknown; order?: unknown } | null;
      if (typeof sortBy !== 'object' || sortBy === null || !['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(String(sortBy.column))) {
        throw invalidRequest('body/sortBy/column must be equal to one of the allowed values');
      }
      if (sortBy.order !== undefined && sortBy.order !== 'asc' && sortBy.order !== 'desc') throw invalidRequest('body/sortBy/order must be equal to one of the allowed values');
      column = String(sortBy.column);
      desc = sortBy.order === 'desc';
    }
    let prefix = body.prefix;
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    if (prefix === '/') prefix = '';
    await this.store.assertBucket(bucket);
    const rows = await this.store.list(claims, bucket, prefix);
    const folders = new Set<string>();
    const items: Record<string, unknown>[] = [];
    for (const r of rows) {
      const restName = r.name.slice(prefix.length);
      const slash = restName.indexOf('/');
      const entry = slash >= 0 ? restName.slice(0, slash) : restName;
      if (search && !entry.toLowerCase().startsWith(search)) continue;
      if (slash >= 0) {
        if (!folders.has(entry)) {
          folders.add(entry);
          items.push({ name: entry, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
        }
      } else items.push({ ...objectJson(r), name: entry });
    }
    items.sort((a, b) => {
      const av = String(a[column] ?? '');
      const bv = String(b[column] ?? '');
      const c = av < bv ? -1 : av > bv ? 1 : 0;
      return desc ? -c : c;
    });
    return sendJson(res, 200, items.slice(offset, offset + limit));
  }

  private async removeOne(res: ServerResponse, claims: Claims, bucket: string, name: string): Promise<void> {
    await this.store.assertBucket(bucket);
    const rows = await this.store.remove(claims, bucket, [name]);
    if (rows.length === 0) throw notFound();
    return sendJson(res, 200, { message: 'Successfully deleted' });
  }

  private async removeMany(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string): Promise<void> {
    const body = await jsonBody(req);
    if (!Array.isArray(body.prefixes) || body.prefixes.some((p) => typeof p !== 'string')) {
      throw invalidRequest("body must have required property 'prefixes'");
    }
    if (body.prefixes.length < 1 || body.prefixes.length > 1000) throw invalidRequest('body/prefixes must have between 1 and 1000 items');
    return sendJson(res, 200, (await this.store.remove(claims, bucket, body.prefixes as string[])).map(objectJson));
  }
}
