/**
 * Object move, copy and info (`/object/move`, `/object/copy`, `/object/info/...`).
 * Invariants: everything runs as the caller, so the row policies decide: a move is an UPDATE
 * of the source row (its USING must allow the source, its WITH CHECK the destination), a copy
 * is a SELECT of the source plus an INSERT of the destination; a refused destination answers
 * the same whether or not something exists there; a copy's body file is in place before its
 * row commits (ObjectStore.put); a move keeps the body file (same version).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Claims } from '../auth/jwt';
import { header, sendJson } from '../http/util';
import { jsonBody } from './body';
import { bucketNotFound, invalidKey, invalidRequest, notFound, rlsDenied } from './errors';
import { ObjectStore, validObjectName, ownerOf, type ObjectRow } from './store';

interface TransferBody {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

async function transferBody(req: IncomingMessage): Promise<TransferBody> {
  const b = await jsonBody(req);
  for (const k of ['bucketId', 'sourceKey', 'destinationKey'] as const) {
    if (typeof b[k] !== 'string' || !b[k]) throw invalidRequest(`body must have required property '${k}'`);
  }
  if (b.destinationBucket !== undefined && b.destinationBucket !== null && typeof b.destinationBucket !== 'string') {
    throw invalidRequest('body/destinationBucket must be string');
  }
  const bucketId = b.bucketId as string;
  const destinationKey = b.destinationKey as string;
  if (!validObjectName(destinationKey)) throw invalidKey(destinationKey);
  return { bucketId, sourceKey: b.sourceKey as string, destinationBucket: (b.destinationBucket as string | undefined) || bucketId, destinationKey };
}

export class Transfers {
  constructor(private readonly store: ObjectStore) {}

  async move(req: IncomingMessage, res: ServerResponse, claims: Claims): Promise<void> {
    const t = await transferBody(req);
    await this.store.assertBucket(t.bucketId);
    if (t.destinationBucket !== t.bucketId) {
      await this.store.assertBucket(t.destinationBucket);
      const src = await this.store.visible(claims, t.bucketId, t.sourceKey);
      const md = src.metadata ?? {};
      await this.store.assertAccepts(t.destinationBucket, String(md.mimetype ?? 'application/octet-stream'), Number(md.size ?? 0));
    }
    const owner = ownerOf(claims);
    const moved = await this.store.as(claims, async (tx) => {
      const src = await tx.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [t.bucketId, t.sourceKey]);
      if (!src.rows[0]) throw notFound();
      const r = await tx.query<ObjectRow>(
        `update storage.objects set bucket_id = $3, name = $4, owner = coalesce($5::text::uuid, owner), owner_id = coalesce($5::text, owner_id), updated_at = now()
         where bucket_id = $1 and name = $2 returning id, name`,
        [t.bucketId, t.sourceKey, t.destinationBucket, t.destinationKey, owner],
      );
      // visible but not updatable: the update policy refused the source
      if (!r.rows[0]) throw rlsDenied();
      return r.rows[0];
    });
    sendJson(res, 200, { message: 'Successfully moved', Id: moved.id, Key: moved.name });
  }

  async copy(req: IncomingMessage, res: ServerResponse, claims: Claims): Promise<void> {
    const t = await transferBody(req);
    await this.store.assertBucket(t.bucketId);
    await this.store.assertBucket(t.destinationBucket);
    const src = await this.store.visible(claims, t.bucketId, t.sourceKey);
    const md = src.metadata ?? {};
    const size = Number(md.size ?? 0);
    const etag = String(md.eTag ?? '').replace(/"/g, '') || src.version.replace(/-/g, '');
    const row = await this.store.put(
      claims,
      {
        bucket: t.destinationBucket,
        name: t.destinationKey,
        contentType: String(md.mimetype ?? 'application/octet-stream'),
        cacheControl: String(md.cacheControl ?? 'no-cache'),
        userMetadata: src.user_metadata,
        upsert: header(req, 'x-upsert') === 'true',
      },
      size,
      etag,
      (target) => this.store.copyBody(src.version, target),
    );
    sendJson(res, 200, {
      Id: row.id,
      Key: `${t.destinationBucket}/${t.destinationKey}`,
      id: row.id,
      name: row.name,
      bucket_id: row.bucket_id,
      owner: row.owner,
      version: row.version,
      metadata: row.metadata,
      created_at: row.created_at,
      updated_at: row.updated_at,
      last_accessed_at: row.last_accessed_at,
    });
  }

  /** The row a GET/HEAD/info on (bucket, name) may see: public buckets as superuser, else as the caller. */
  async readable(claims: Claims | undefined, bucket: string, name: string, publicRoute: boolean): Promise<ObjectRow> {
    const b = await this.store.bucket(bucket).catch(() => undefined);
    if (!b || ((publicRoute || !claims) && !b.public)) throw bucketNotFound();
    if (b.public) {
      const row = await this.store.rowAsSuperuser(bucket, name);
      if (!row) throw notFound();
      return row;
    }
    return this.store.visible(claims!, bucket, name);
  }

  async info(res: ServerResponse, claims: Claims | undefined, bucket: string, name: string, publicRoute: boolean): Promise<void> {
    const row = await this.readable(claims, bucket, name, publicRoute);
    const md = row.metadata ?? {};
    const headers: Record<string, string> = {};
    if (typeof md.eTag === 'string') headers.ETag = md.eTag;
    sendJson(
      res,
      200,
      {
        id: row.id,
        name: row.name,
        version: row.version,
        bucket_id: row.bucket_id,
        size: md.size ?? null,
        content_type: md.mimetype ?? null,
        cache_control: md.cacheControl ?? null,
        etag: md.eTag ?? null,
        metadata: row.user_metadata ?? null,
        last_modified: row.updated_at,
        created_at: row.created_at,
      },
      headers,
    );
  }
}
