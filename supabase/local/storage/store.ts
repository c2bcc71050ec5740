/**
 * Object store: storage.objects rows (written AS THE CALLER, so storage policies apply) plus
 * file bodies on disk named by an opaque version id (never by the user's object name, so no
 * path traversal is possible). Invariants: a body file is in place before its row commits;
 * a failed write removes the new file; a replaced or deleted object's old file is removed
 * only after the commit; a bucket's `file_size_limit` and `allowed_mime_types` are checked
 * before any byte is kept; errors are storage-API shaped ({statusCode, error, message}).
 */
import { mkdirSync, existsSync } from 'node:fs';
import { copyFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID, createHash } from 'node:crypto';
import type { Database, Tx } from '../db/database';
import type { Claims } from '../auth/jwt';
import { OBJECT_BODY_LIMIT } from '../http/util';
import { bucketNotFound, entityTooLarge, invalidKey, invalidMimeType, mapDbError, notFound, rlsDenied, storageError } from './errors';

export { storageError, notFound, bucketNotFound, mapDbError } from './errors';

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

// Supabase Storage's key alphabet (S3-safe characters), plus no empty/dot segments here.
const VALID_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;

export function validObjectName(name: string): boolean {
  if (!name || name.length > 1024 || name.startsWith('/') || !VALID_KEY.test(name)) return false;
  return name.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** Throws Supabase's InvalidMimeType unless `mime` matches one of `allowed` (`type/*` allowed). */
export function assertMimeAllowed(mime: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, sub] = mime.split(';')[0]!.trim().toLowerCase().split('/');
  if (!type || !sub) throw invalidMimeType(mime);
  for (const a of allowed) {
    const [at, as] = a.split(';')[0]!.trim().toLowerCase().split('/');
    if (at === type && (as === '*' || as === sub)) return;
  }
  throw invalidMimeType(mime);
}

export interface PutOptions {
  bucket: string;
  name: string;
  contentType: string;
  cacheControl: string;
  upsert: boolean;
  userMetadata?: Record<string, unknown> | null;
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

  /** The bucket's settings (read as superuser, as Supabase does), or Bucket not found. */
  async bucket(bucket: string): Promise<BucketRow> {
    const r = await this.db.query<BucketRow>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [bucket]);
    const row = r.rows[0];
    if (!row) throw bucketNotFound();
    return { ...row, file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit) };
  }

  async assertBucket(bucket: string): Promise<void> {
    await this.bucket(bucket);
  }

  /** Largest object the bucket accepts (its limit, capped by the global one). */
  async maxSize(bucket: string): Promise<number> {
    const b = await this.bucket(bucket);
    return b.file_size_limit ? Math.min(b.file_size_limit, OBJECT_BODY_LIMIT) : OBJECT_BODY_LIMIT;
  }

  /** Bucket limits for an object about to be written (size may be unknown yet). */
  async assertAccepts(bucket: string, contentType: string, size: number | undefined): Promise<void> {
    const b = await this.bucket(bucket);
    assertMimeAllowed(contentType, b.allowed_mime_types);
    if (size !== undefined && size > (await this.maxSize(bucket))) throw entityTooLarge();
  }

  /**
   * Dry run of the INSERT (or upsert) as the caller, rolled back: Postgres checks the row
   * policy before the unique index, so a refused path answers 403 whether or not it exists.
   */
  async canUpload(claims: Claims, bucket: string, name: string, upsert: boolean): Promise<void> {
    if (!validObjectName(name)) throw invalidKey(name);
    const ROLLBACK = new Error('dry-run');
    try {
      await this.as(claims, async (tx) => {
        // no RETURNING (as Supabase): the dry run must not also require the select policy
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, $3::text::uuid, $3::text, $4)
           ${upsert ? 'on conflict (bucket_id, name) do update set updated_at = now()' : ''}`,
          [bucket, name, ownerOf(claims), randomUUID()],
        );
        throw ROLLBACK;
      });
    } catch (e) {
      if (e !== ROLLBACK) throw e;
    }
  }

  /** Writes the row as the caller; `moveIn(version)` places the body before commit. */
  async put(
    claims: Claims,
    opts: PutOptions,
    size: number,
    etag: string,
    moveIn: (target: string) => Promise<void>,
  ): Promise<ObjectRow> {
    if (!validObjectName(opts.name)) throw invalidKey(opts.name);
    await this.assertAccepts(opts.bucket, opts.contentType, size);
    const version = randomUUID();
    const target = this.filePath(version);
    const metadata = {
      eTag: `"${etag}"`,
      size,
      mimetype: opts.contentType,
      cacheControl: /^\d+$/.test(opts.cacheControl) ? `max-age=${opts.cacheControl}` : opts.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: size,
      httpStatusCode: 200,
    };
    let old: string | undefined;
    try {
      const row = await this.as(claims, async (tx) => {
        const prev = await tx.query<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = $2', [opts.bucket, opts.name]);
        old = prev.rows[0]?.version;
        const conflict = opts.upsert
          ? ' on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()'
          : '';
        const r = await tx.query<ObjectRow>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata) values ($1, $2, $3::text::uuid, $3::text, $4, $5::jsonb, $6::jsonb)${conflict} returning *`,
          [opts.bucket, opts.name, ownerOf(claims), version, JSON.stringify(metadata), opts.userMetadata ? JSON.stringify(opts.userMetadata) : null],
        );
        const written = r.rows[0];
        if (!written) throw rlsDenied();
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

  /** Copies an existing body file to `target` (a `put` moveIn target, for object copy). */
  async copyBody(fromVersion: string, target: string): Promise<void> {
    await copyFile(this.filePath(fromVersion), target);
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
    await this.unlinkBodies(rows);
    return rows;
  }

  /** Removes body files of rows already deleted (after their commit). */
  async unlinkBodies(rows: { version: string }[]): Promise<void> {
    for (const r of rows) await unlink(this.filePath(r.version)).catch(() => undefined);
  }

  async list(claims: Claims, bucket: string, prefix: string): Promise<ObjectRow[]> {
    const escaped = prefix.replace(/[\\%_]/g, (c) => '\\' + c);
    return this.as(claims, async (tx) =>
      (await tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name like $2 escape '\\' order by name`, [bucket, escaped + '%'])).rows,
    );
  }
}

/** The owner recorded on written objects: the JWT's subject, when it is a user. */
export function ownerOf(claims: Claims): string | null {
  return typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
}
