/**
 * Object store: storage.objects rows (written AS THE CALLER, so storage policies apply) plus
 * file bodies on disk named by an opaque version id (never by the user's object name, so no
 * path traversal is possible). Invariants: a body file is in place before its row commits;
 * a failed write removes the new file; a replaced or deleted object's old file is removed
 * only after the commit; errors are storage-API shaped ({statusCode, error, message}).
 */
import { mkdirSync, existsSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID, createHash } from 'node:crypto';
import type { Database, Tx } from '../db/database';
import type { Claims } from '../auth/jwt';
import { HttpError } from '../http/util';
import { isPgError } from '../rest/errors';

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export function storageError(statusCode: number, error: string, message: string): HttpError {
  const http = statusCode >= 500 ? 500 : statusCode === 413 ? 413 : 400;
  return new HttpError(http, { statusCode: String(statusCode), error, message });
}

export const notFound = (): HttpError => storageError(404, 'not_found', 'Object not found');
export const bucketNotFound = (): HttpError => storageError(404, 'Bucket not found', 'Bucket not found');

/** Maps database errors to the storage API's wording. */
export function mapDbError(e: unknown): unknown {
  if (!isPgError(e)) return e;
  if (e.code === '42501') return storageError(403, 'Unauthorized', 'new row violates row-level security policy');
  if (e.code === '23505') return storageError(409, 'Duplicate', 'The resource already exists');
  if (e.code === '23503') return bucketNotFound();
  return storageError(400, 'DatabaseError', typeof e.message === 'string' ? e.message : 'database error');
}

export function validObjectName(name: string): boolean {
  if (!name || name.length > 1024 || name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

export interface PutOptions {
  bucket: string;
  name: string;
  contentType: string;
  cacheControl: string;
  upsert: boolean;
}

export class ObjectStore {
  readonly objectsDir: string;
  readonly tusDir: string;

  constructor(
    private readonly db: Database,
    root: string,
  ) {
    this.objectsDir = join(root, 'objects');
    this.tusDir = join(root, 'tus');
    for (const d of [this.objectsDir, this.tusDir]) if (!existsSync(d)) mkdirSync(d, { recursive: true });
  }

  filePath(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw storageError(500, 'InternalError', 'corrupt object version');
    return join(this.objectsDir, version);
  }

  async as<T>(claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.asRole(claims.role, claims, fn);
    } catch (e) {
      throw mapDbError(e);
    }
  }

  async assertBucket(bucket: string): Promise<void> {
    const r = await this.db.query('select 1 from storage.buckets where id = $1', [bucket]);
    if (r.rows.length === 0) throw bucketNotFound();
  }

  /** Writes the row as the caller; `moveIn(version)` places the body before commit. */
  async put(
    claims: Claims,
    opts: PutOptions,
    size: number,
    etag: string,
    moveIn: (target: string) => Promise<void>,
  ): Promise<ObjectRow> {
    if (!validObjectName(opts.name)) throw storageError(400, 'InvalidKey', `Invalid key: ${opts.name}`);
    await this.assertBucket(opts.bucket);
    const version = randomUUID();
    const target = this.filePath(version);
    const metadata = {
      eTag: `"${etag}"`,
      size,
      mimetype: opts.contentType,
      cacheControl: `max-age=${opts.cacheControl}`,
      lastModified: new Date().toISOString(),
      contentLength: size,
      httpStatusCode: 200,
    };
    const owner = typeof claims.sub === 'string' ? claims.sub : null;
    let old: string | undefined;
    try {
      const row = await this.as(claims, async (tx) => {
        const prev = await tx.query<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = $2', [opts.bucket, opts.name]);
        old = prev.rows[0]?.version;
        const conflict = opts.upsert
          ? ' on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()'
          : '';
        const r = await tx.query<ObjectRow>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata) values ($1, $2, $3::text::uuid, $3::text, $4, $5::jsonb)${conflict} returning *`,
          [opts.bucket, opts.name, owner, version, JSON.stringify(metadata)],
        );
        const written = r.rows[0];
        if (!written) throw storageError(403, 'Unauthorized', 'new row violates row-level security policy');
        await moveIn(target);
        return written;
      });
      if (old && old !== version) await unlink(this.filePath(old)).catch(() => undefined);
      return row;
    } catch (e) {
      await unlink(target).catch(() => undefined);
      throw e;
    }
  }

  async putBuffer(claims: Claims, opts: PutOptions, body: Buffer): Promise<ObjectRow> {
    const etag = createHash('md5').update(body).digest('hex');
    return this.put(claims, opts, body.length, etag, (target) => writeFile(target, body));
  }

  async putFile(claims: Claims, opts: PutOptions, size: number, source: string): Promise<ObjectRow> {
    return this.put(claims, opts, size, randomUUID().replace(/-/g, ''), (target) => rename(source, target));
  }

  /** Row as visible to the caller (select policy), or 404. */
  async visible(claims: Claims, bucket: string, name: string): Promise<ObjectRow> {
    const r = await this.as(claims, (tx) => tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, name]));
    const row = r.rows[0];
    if (!row) throw notFound();
    return row;
  }

  async rowAsSuperuser(bucket: string, name: string): Promise<ObjectRow | undefined> {
    const r = await this.db.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
    return r.rows[0];
  }

  async remove(claims: Claims, bucket: string, names: string[]): Promise<ObjectRow[]> {
    const rows = await this.as(claims, async (tx) =>
      (await tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [bucket, names])).rows,
    );
    for (const r of rows) await unlink(this.filePath(r.version)).catch(() => undefined);
    return rows;
  }

  async list(claims: Claims, bucket: string, prefix: string): Promise<ObjectRow[]> {
    const escaped = prefix.replace(/[\\%_]/g, (c) => '\\' + c);
    return this.as(claims, async (tx) =>
      (await tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name like $2 escape '\\' order by name`, [bucket, escaped + '%'])).rows,
    );
  }
}
