/**
 * TUS resumable uploads at /storage/v1/upload/resumable (@tus/server + @tus/file-store).
 * Invariants: CREATE is refused (before any byte is stored) unless the JWT is valid, the
 * bucket exists, the object is absent or x-upsert is set, and the caller's storage policy
 * allows the write (checked in a rolled-back transaction); every later request must carry a
 * JWT of the same user; on finish the storage.objects row is written as the caller; upload
 * URLs expire after `expiryMs` (404/410 afterwards).
 */
import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Server, type ServerOptions } from '@tus/server';
import { FileStore } from '@tus/file-store';
import type { JwtKeys, Claims } from '../auth/jwt';
import { tokenFromHeaders } from '../auth/jwt';
import { OBJECT_BODY_LIMIT } from '../http/util';
import { ObjectStore, validObjectName, mapDbError } from './store';
import { HttpError } from '../http/util';

export const TUS_PATH = '/storage/v1/upload/resumable';

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

function refuse(statusCode: number, error: string, message: string): TusRefusal {
  return new TusRefusal(statusCode, JSON.stringify({ statusCode: String(statusCode), error, message }));
}

function toRefusal(e: unknown): TusRefusal {
  const mapped = mapDbError(e);
  if (mapped instanceof HttpError) {
    const b = mapped.body as { statusCode?: string; error?: string; message?: string };
    return refuse(Number(b.statusCode ?? mapped.status), b.error ?? 'Error', b.message ?? 'error');
  }
  return refuse(500, 'InternalError', e instanceof Error ? e.message : 'internal error');
}

export function createTusServer(opts: { store: ObjectStore; keys: JwtKeys; expiryMs: number }): { server: Server; datastore: FileStore } {
  const { store, keys } = opts;
  const datastore = new FileStore({ directory: store.tusDir, expirationPeriodInMilliseconds: opts.expiryMs });

  async function claimsOf(req: TusRequest): Promise<Claims> {
    const token = tokenFromHeaders(req.headers.get('authorization') ?? undefined, req.headers.get('apikey') ?? undefined);
    if (!token) throw refuse(403, 'Unauthorized', 'Missing authorization header');
    try {
      return await keys.verify(token);
    } catch (e) {
      throw refuse(403, 'Unauthorized', e instanceof Error ? e.message : 'invalid JWT');
    }
  }

  const server = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: OBJECT_BODY_LIMIT,
    respectForwardedHeaders: false,
    allowedHeaders: ['authorization', 'apikey', 'x-client-info', 'x-upsert', 'content-type', 'x-signature'],
    exposedHeaders: ['Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable', 'Upload-Expires', 'Upload-Metadata'],
    namingFunction: () => Buffer.from(randomUUID()).toString('base64url'),
    // Location = the Host the client used (like Supabase behind its gateway), so proxies work
    generateUrl: (_req, { proto, host, path, id }) => `${proto}://${host}${path}/${id}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath && /^[A-Za-z0-9_-]{1,128}$/.test(lastPath) ? lastPath : undefined),

    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const claims = await claimsOf(req);
      let owner: string | null | undefined;
      try {
        owner = (await datastore.getUpload(id)).metadata?.__owner;
      } catch {
        return; // unknown or expired id: let the tus handler answer 404/410
      }
      if (owner !== (claims.sub ?? claims.role)) throw refuse(403, 'Unauthorized', 'This upload belongs to another user');
    },

    async onUploadCreate(req, upload) {
      const claims = await claimsOf(req);
      const md = upload.metadata ?? {};
      const bucket = md.bucketName ?? '';
      const name = md.objectName ?? '';
      if (!bucket || !name || !validObjectName(name)) throw refuse(400, 'InvalidKey', 'metadata bucketName and objectName are required');
      try {
        await store.assertBucket(bucket);
      } catch {
        throw refuse(404, 'Bucket not found', 'Bucket not found');
      }
      const upsert = req.headers.get('x-upsert') === 'true';
      if (!upsert && (await store.rowAsSuperuser(bucket, name))) throw refuse(409, 'Duplicate', 'The resource already exists');
      // Dry run of the write as the caller: the policy must allow it before we accept bytes.
      const ROLLBACK = new Error('dry-run');
      try {
        await store.as(claims, async (tx) => {
          await tx.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, $3::text::uuid, $3::text, $4)
             ${upsert ? 'on conflict (bucket_id, name) do update set updated_at = now()' : ''}`,
            [bucket, name, claims.sub ?? null, randomUUID()],
          );
          throw ROLLBACK;
        });
      } catch (e) {
        if (e !== ROLLBACK) throw toRefusal(e);
      }
      return {
        metadata: {
          ...md,
          __owner: String(claims.sub ?? claims.role),
          __upsert: upsert ? 'true' : 'false',
        },
      };
    },

    async onUploadFinish(req, upload) {
      const claims = await claimsOf(req);
      const md = upload.metadata ?? {};
      const source = join(store.tusDir, upload.id);
      try {
        const row = await store.putFile(
          claims,
          {
            bucket: md.bucketName ?? '',
            name: md.objectName ?? '',
            contentType: md.contentType || 'application/octet-stream',
            cacheControl: md.cacheControl || '3600',
            upsert: md.__upsert === 'true',
          },
          upload.size ?? upload.offset,
          source,
        );
        await unlink(`${source}.json`).catch(() => undefined);
        return { headers: { 'X-Object-Id': row.id } };
      } catch (e) {
        throw toRefusal(e);
      }
    },
  });
  return { server, datastore };
}
