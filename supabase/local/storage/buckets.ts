/**
 * /storage/v1/bucket — list, get, create, update, delete, empty (Supabase Storage's routes).
 * Invariants: every statement runs as the caller, so storage.buckets' grants and RLS decide
 * what an authenticated user may do (service_role may do everything); `empty` is service-role
 * only, as on Supabase; bodies are validated before anything is written (bucket names,
 * `file_size_limit` as bytes or "20MB", MIME patterns) and a bucket is deleted only when empty.
 */
import type { ServerResponse } from 'node:http';
import type { Claims } from '../auth/jwt';
import { sendJson, OBJECT_BODY_LIMIT } from '../http/util';
import { accessDenied, bucketNotFound, entityTooLarge, invalidMimeType, invalidRequest, storageError } from './errors';
import type { ObjectStore, ObjectRow } from './store';

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';
const VALID_BUCKET = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

const invalidBucketName = () => storageError(400, 'Invalid Input', 'Bucket name invalid', { code: 'InvalidBucketName' });

function validBucketName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length < 101 && name.trim() === name && VALID_BUCKET.test(name);
}

/** `file_size_limit`: integer bytes or "1.5MB"-style strings (decimal units, as Supabase). */
export function parseSizeLimit(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  let bytes: number;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) throw invalidRequest('body/file_size_limit must be a non-negative integer or a size like "20MB"');
    bytes = v;
  } else if (typeof v === 'string') {
    const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(v);
    if (!m) throw storageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B', { code: 'InvalidRequest' });
    const unit = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[m[2]!.toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
    bytes = Math.round(Number(parseFloat(m[1]!).toPrecision(3)) * unit);
  } else throw invalidRequest('body/file_size_limit must be a number or a string');
  if (bytes > OBJECT_BODY_LIMIT) throw entityTooLarge();
  return bytes;
}

function parseMimeTypes(v: unknown): string[] | null | undefined {
  if (v === undefined || v === null) return v;
  if (!Array.isArray(v) || v.some((t) => typeof t !== 'string')) throw invalidRequest('body/allowed_mime_types must be an array of strings');
  const types = (v as string[]).filter((t) => t);
  for (const t of types) {
    if (t.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+|\*)(;\s*charset=[a-zA-Z0-9-]+)?$/.test(t)) throw invalidMimeType(t);
  }
  return types;
}

function optionalBoolean(v: unknown, field: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw invalidRequest(`body/${field} must be boolean`);
  return v;
}

export class BucketApi {
  constructor(private readonly store: ObjectStore) {}

  async list(res: ServerResponse, claims: Claims, url: URL): Promise<void> {
    const q = url.searchParams;
    const int = (name: string, min: number): number | undefined => {
      const raw = q.get(name);
      if (raw === null) return undefined;
      if (!/^\d+$/.test(raw) || Number(raw) < min) throw invalidRequest(`querystring/${name} must be >= ${min}`);
      return Number(raw);
    };
    const limit = int('limit', 1);
    const offset = int('offset', 0) ?? 0;
    const sortColumn = q.get('sortColumn') ?? 'name';
    const sortOrder = q.get('sortOrder') ?? 'asc';
    if (!['id', 'name', 'created_at', 'updated_at'].includes(sortColumn)) throw invalidRequest('querystring/sortColumn must be equal to one of the allowed values');
    if (!['asc', 'desc'].includes(sortOrder)) throw invalidRequest('querystring/sortOrder must be equal to one of the allowed values');
    const search = q.get('search') ?? '';
    const rows = await this.store.as(claims, async (tx) =>
      (
        await tx.query(
          `select ${BUCKET_COLUMNS} from storage.buckets where ($1 = '' or name ilike '%' || $1 || '%')
           order by ${sortColumn} ${sortOrder} limit $2 offset $3`,
          [search.replace(/[\\%_]/g, (c) => '\\' + c), limit ?? null, offset],
        )
      ).rows,
    );
    sendJson(res, 200, rows);
  }

  async get(res: ServerResponse, claims: Claims, id: string): Promise<void> {
    const rows = await this.store.as(claims, async (tx) => (await tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows);
    if (!rows[0]) throw bucketNotFound();
    sendJson(res, 200, rows[0]);
  }

  async create(res: ServerResponse, claims: Claims, body: Record<string, unknown>): Promise<void> {
    if (body.name === undefined) throw invalidRequest("body must have required property 'name'");
    if (body.type !== undefined && body.type !== 'STANDARD') {
      if (body.type === 'ANALYTICS') throw storageError(501, 'not_implemented', 'Analytics (Iceberg) buckets are not implemented by the local backend', { code: 'NotSupported', http: 501 });
      throw invalidRequest('body/type must be equal to one of the allowed values');
    }
    const name = body.name;
    const id = body.id === undefined || body.id === '' ? name : body.id;
    if (!validBucketName(name) || !validBucketName(id)) throw invalidBucketName();
    const isPublic = optionalBoolean(body.public, 'public') ?? false;
    const sizeLimit = parseSizeLimit(body.file_size_limit) ?? null;
    const mimeTypes = parseMimeTypes(body.allowed_mime_types) ?? null;
    const owner = typeof claims.sub === 'string' ? claims.sub : null;
    const isUuid = owner !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(owner);
    await this.store.as(claims, (tx) =>
      // no RETURNING: creating must not also require the select policy (as on Supabase)
      tx.query('insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3::uuid, $4, $5, $6, $7)', [
        id,
        name,
        isUuid ? owner : null,
        owner,
        isPublic,
        sizeLimit,
        mimeTypes,
      ]),
    );
    sendJson(res, 200, { name });
  }

  async update(res: ServerResponse, claims: Claims, id: string, body: Record<string, unknown>): Promise<void> {
    if (!validBucketName(id)) throw invalidBucketName();
    const fields: [string, unknown][] = [];
    const isPublic = optionalBoolean(body.public, 'public');
    if (isPublic !== undefined) fields.push(['public', isPublic]);
    const size = parseSizeLimit(body.file_size_limit);
    if (size !== undefined) fields.push(['file_size_limit', size]);
    const mimes = parseMimeTypes(body.allowed_mime_types);
    if (mimes !== undefined) fields.push(['allowed_mime_types', mimes]);
    if (fields.length === 0) throw invalidRequest('body must match a schema in anyOf (public, file_size_limit or allowed_mime_types)');
    const set = fields.map(([c], i) => `${c} = $${i + 2}`).join(', ');
    const n = await this.store.as(claims, async (tx) =>
      (await tx.query(`update storage.buckets set ${set}, updated_at = now() where id = $1`, [id, ...fields.map(([, v]) => v)])).affectedRows ?? 0,
    );
    if (n === 0) throw bucketNotFound();
    sendJson(res, 200, { message: 'Successfully updated' });
  }

  async remove(res: ServerResponse, claims: Claims, id: string): Promise<void> {
    await this.store.assertBucket(id);
    const left = await this.store.as({ role: 'service_role' }, async (tx) => (await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])).rows.length);
    if (left > 0) throw storageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty', { code: 'ResourceNotEmpty' });
    // no RETURNING: deleting must not also require the select policy (as on Supabase)
    const n = await this.store.as(claims, async (tx) => (await tx.query('delete from storage.buckets where id = $1', [id])).affectedRows ?? 0);
    if (n === 0) throw bucketNotFound();
    sendJson(res, 200, { message: 'Successfully deleted' });
  }

  /** Service role only (as on Supabase); done at once here rather than queued. */
  async empty(res: ServerResponse, claims: Claims, id: string): Promise<void> {
    if (claims.role !== 'service_role') throw accessDenied('Access denied: Invalid role');
    await this.store.assertBucket(id);
    const rows = await this.store.as(claims, async (tx) => (await tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 returning version', [id])).rows);
    await this.store.unlinkBodies(rows);
    sendJson(res, 200, { message: 'Successfully emptied' });
  }
}
