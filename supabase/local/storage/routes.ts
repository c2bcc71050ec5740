/**
 * /storage/v1 — objects, signed URLs, list, remove, buckets (TUS lives in tus.ts).
 * Invariants: every operation runs as the caller so storage.objects policies decide
 * (signed-URL downloads are the one exception: the signature, created only after a policy
 * check, is the permission); bodies are size-limited; errors are {statusCode, error, message}.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Claims, JwtKeys } from '../auth/jwt';
import { header, readBody, parseJson, sendJson, JSON_BODY_LIMIT, OBJECT_BODY_LIMIT, BodyTooLargeError } from '../http/util';
import { ObjectStore, notFound, storageError, type ObjectRow } from './store';
import type { Database } from '../db/database';

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

export class StorageApi {
  constructor(
    private readonly db: Database,
    private readonly store: ObjectStore,
    private readonly keys: JwtKeys,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL, claims: Claims | undefined, authError: unknown): Promise<void> {
    const method = req.method ?? 'GET';
    const seg = path.split('/').filter(Boolean).map(decodeURIComponent);
    // signed download needs no JWT
    if (seg[0] === 'object' && seg[1] === 'sign' && (method === 'GET' || method === 'HEAD') && seg.length >= 4) {
      return this.signedDownload(req, res, seg[2]!, seg.slice(3).join('/'), url.searchParams.get('token') ?? '');
    }
    if (!claims) throw authError;
    if (seg[0] === 'bucket') return this.bucket(res, claims, seg[1]);
    if (seg[0] !== 'object') throw storageError(404, 'not_found', 'Route not found');
    const rest = seg.slice(1);
    if (rest[0] === 'list' && method === 'POST' && rest[1]) return this.list(req, res, claims, rest[1]);
    if (rest[0] === 'sign' && method === 'POST' && rest[1]) return this.sign(req, res, claims, rest[1], rest.slice(2).join('/'));
    if ((rest[0] === 'authenticated' || rest[0] === 'public') && (method === 'GET' || method === 'HEAD') && rest.length >= 3) {
      return this.download(req, res, claims, rest[1]!, rest.slice(2).join('/'), rest[0] === 'public');
    }
    const bucket = rest[0];
    const name = rest.slice(1).join('/');
    if (!bucket) throw storageError(404, 'not_found', 'Route not found');
    if (method === 'DELETE' && !name) return this.removeMany(req, res, claims, bucket);
    if (method === 'DELETE') return sendJson(res, 200, (await this.store.remove(claims, bucket, [name])).map(objectJson));
    if (method === 'GET' || method === 'HEAD') return this.download(req, res, claims, bucket, name, false);
    if (method === 'POST' || method === 'PUT') return this.upload(req, res, claims, bucket, name, method === 'PUT');
    throw storageError(405, 'MethodNotAllowed', `Method ${method} not allowed`);
  }

  private async upload(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string, name: string, isPut: boolean): Promise<void> {
    let raw: Buffer;
    try {
      raw = await readBody(req, OBJECT_BODY_LIMIT);
    } catch (e) {
      if (e instanceof BodyTooLargeError) throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
      throw e;
    }
    const ct = header(req, 'content-type') ?? 'application/octet-stream';
    let body = raw;
    let contentType = ct;
    let cacheControl = header(req, 'cache-control')?.replace(/^max-age=/, '') ?? '3600';
    if (ct.startsWith('multipart/form-data')) {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': ct } }).formData();
      let file: Blob | undefined;
      for (const [, v] of form) if (typeof v !== 'string') file = file ?? v;
      if (!file) throw storageError(400, 'InvalidRequest', 'No file found in the form data');
      body = Buffer.from(await file.arrayBuffer());
      contentType = file.type || 'application/octet-stream';
      const cc = form.get('cacheControl');
      if (typeof cc === 'string' && cc) cacheControl = cc;
    }
    const upsert = isPut || header(req, 'x-upsert') === 'true';
    const row = await this.store.putBuffer(claims, { bucket, name, contentType, cacheControl, upsert }, body);
    sendJson(res, 200, { Key: `${bucket}/${name}`, Id: row.id });
  }

  private async serve(req: IncomingMessage, res: ServerResponse, row: ObjectRow): Promise<void> {
    const file = this.store.filePath(row.version);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      throw notFound();
    }
    const md = row.metadata ?? {};
    res.statusCode = 200;
    res.setHeader('Content-Type', String(md.mimetype ?? 'application/octet-stream'));
    res.setHeader('Content-Length', String(size));
    res.setHeader('Cache-Control', String(md.cacheControl ?? 'no-cache'));
    if (md.eTag) res.setHeader('ETag', String(md.eTag));
    res.setHeader('Last-Modified', new Date(row.updated_at).toUTCString());
    if (req.method === 'HEAD') return void res.end();
    await new Promise<void>((resolve, reject) => {
      const s = createReadStream(file);
      s.on('error', reject);
      res.on('close', () => resolve());
      s.pipe(res);
    });
  }

  private async download(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string, name: string, publicRoute: boolean): Promise<void> {
    if (publicRoute) {
      const b = await this.db.query<{ public: boolean }>('select public from storage.buckets where id = $1', [bucket]);
      const row = b.rows[0]?.public ? await this.store.rowAsSuperuser(bucket, name) : undefined;
      if (!row) throw notFound();
      return this.serve(req, res, row);
    }
    return this.serve(req, res, await this.store.visible(claims, bucket, name));
  }

  private async jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const v = parseJson(await readBody(req, JSON_BODY_LIMIT), (m) => storageError(400, 'InvalidRequest', `Body is not valid JSON: ${m}`));
    if (v === undefined) return {};
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw storageError(400, 'InvalidRequest', 'body must be object');
    return v as Record<string, unknown>;
  }

  private async signedUrlFor(bucket: string, name: string, expiresIn: number): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const token = await this.keys.sign({ url: `${bucket}/${name}`, iat, exp: iat + expiresIn });
    return `/object/sign/${bucket}/${name}?token=${token}`;
  }

  private async sign(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string, name: string): Promise<void> {
    const body = await this.jsonBody(req);
    const expiresIn = Number(body.expiresIn);
    if (!Number.isFinite(expiresIn) || expiresIn <= 0) throw storageError(400, 'InvalidRequest', 'body/expiresIn must be >= 1');
    if (name) {
      await this.store.visible(claims, bucket, name);
      return sendJson(res, 200, { signedURL: await this.signedUrlFor(bucket, name, expiresIn) });
    }
    const paths = Array.isArray(body.paths) ? body.paths.filter((p): p is string => typeof p === 'string') : [];
    const out = [];
    for (const p of paths) {
      try {
        await this.store.visible(claims, bucket, p);
        out.push({ error: null, path: p, signedURL: await this.signedUrlFor(bucket, p, expiresIn) });
      } catch {
        out.push({ error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null });
      }
    }
    return sendJson(res, 200, out);
  }

  private async signedDownload(req: IncomingMessage, res: ServerResponse, bucket: string, name: string, token: string): Promise<void> {
    let url: unknown;
    try {
      url = (await this.keys.verifyAny(token)).url;
    } catch {
      throw storageError(400, 'InvalidJWT', 'invalid signature');
    }
    if (url !== `${bucket}/${name}`) throw storageError(400, 'InvalidSignature', 'The url do not match the signature');
    const row = await this.store.rowAsSuperuser(bucket, name);
    if (!row) throw notFound();
    return this.serve(req, res, row);
  }

  private async list(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string): Promise<void> {
    const body = await this.jsonBody(req);
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    if (prefix === '/') prefix = '';
    const limit = Number.isInteger(body.limit) ? Number(body.limit) : 100;
    const offset = Number.isInteger(body.offset) ? Number(body.offset) : 0;
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(sortBy.column ?? '') ? sortBy.column! : 'name';
    const desc = sortBy.order === 'desc';
    await this.store.assertBucket(bucket);
    const rows = await this.store.list(claims, bucket, prefix);
    const folders = new Set<string>();
    const items: Record<string, unknown>[] = [];
    for (const r of rows) {
      const rest = r.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const entry = slash >= 0 ? rest.slice(0, slash) : rest;
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

  private async removeMany(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string): Promise<void> {
    const body = await this.jsonBody(req);
    const prefixes = Array.isArray(body.prefixes) ? body.prefixes.filter((p): p is string => typeof p === 'string') : null;
    if (!prefixes) throw storageError(400, 'InvalidRequest', 'body must have required property \'prefixes\'');
    return sendJson(res, 200, (await this.store.remove(claims, bucket, prefixes)).map(objectJson));
  }

  private async bucket(res: ServerResponse, claims: Claims, id: string | undefined): Promise<void> {
    const rows = await this.store.as(claims, async (tx) =>
      (await tx.query('select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets' + (id ? ' where id = $1' : '') + ' order by id', id ? [id] : [])).rows,
    );
    if (id) {
      if (!rows[0]) throw storageError(404, 'Bucket not found', 'Bucket not found');
      return sendJson(res, 200, rows[0]);
    }
    return sendJson(res, 200, rows);
  }
}

