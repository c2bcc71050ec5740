/**
 * TUS resumable uploads at /storage/v1/upload/resumable (@tus/server + @tus/file-store).
 * Invariants: CREATE is refused (before any byte is stored) unless the JWT is valid, the
 * bucket exists and accepts the declared type and size, and the caller's storage policy
 * allows the write — checked by a rolled-back INSERT as the caller, where Postgres applies
 * the row policy before the unique index, so a refused path answers 403 whether or not an
 * object exists there (no probing oracle); an existing object without x-upsert answers 409
 * only to a caller allowed to write there. Every later request must carry a JWT of the same
 * user; on finish the storage.objects row is written as the caller; upload URLs expire after
 * `expiryMs` (404/410 afterwards). `Location` is built from the configured public URL, never
 * from the request's Host header.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Server, type ServerOptions } from '@tus/server';
import { FileStore } from '@tus/file-store';
import type { JwtKeys, Claims } from '../auth/jwt';
import { tokenFromHeaders } from '../auth/jwt';
import { HttpError, OBJECT_BODY_LIMIT } from '../http/util';
import { ObjectStore, validObjectName } from './store';
import { mapDbError, notImplemented } from './errors';

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

/** Storage-shaped errors (HttpError or database errors) as a TUS refusal with the body's status. */
function toRefusal(e: unknown): TusRefusal {
  if (e instanceof TusRefusal) return e;
  const mapped = mapDbError(e);
  if (mapped instanceof HttpError) {
    const b = mapped.body as { statusCode?: string; error?: string; message?: string };
    return refuse(Number(b.statusCode ?? mapped.status), b.error ?? 'Error', b.message ?? 'error');
  }
  return refuse(500, 'InternalError', e instanceof Error ? e.message : 'internal error');
}

/** Upload-Metadata's `metadata` (JSON object) as the object's user metadata; ignored when invalid. */
function userMetadataOf(json: string | null | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The TUS server, refusing signed resumable uploads (not implemented) in Storage's shape. */
class LocalTusServer extends Server {
  override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0]!;
    if (path === `${TUS_PATH}/sign` || path.startsWith(`${TUS_PATH}/sign/`)) {
      if (req.method === 'OPTIONS') return super.handle(req, res);
      throw notImplemented('Resumable uploads to signed URLs (/upload/resumable/sign)');
    }
    return super.handle(req, res);
  }
}

export interface TusOptions {
  store: ObjectStore;
  keys: JwtKeys;
  expiryMs: number;
  /** the backend's public base URL (configuration), e.g. http://127.0.0.1:54321 */
  publicUrl: () => string;
}

export function createTusServer(opts: TusOptions): { server: Server; datastore: FileStore } {
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

  const server = new LocalTusServer({
    path: TUS_PATH,
    datastore,
    maxSize: OBJECT_BODY_LIMIT,
    respectForwardedHeaders: false,
    allowedHeaders: ['authorization', 'apikey', 'x-client-info', 'x-upsert', 'content-type', 'x-signature'],
    exposedHeaders: ['Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable', 'Upload-Expires', 'Upload-Metadata'],
    namingFunction: () => Buffer.from(randomUUID()).toString('base64url'),
    // from configuration (like Supabase's STORAGE_PUBLIC_URL): a forged Host cannot redirect uploads
    generateUrl: (_req, { path, id }) => `${opts.publicUrl().replace(/\/+$/, '')}${path}/${id}`,
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
      if (!bucket || !name) throw refuse(400, 'InvalidRequest', 'metadata bucketName and objectName are required');
      if (!validObjectName(name)) throw refuse(400, 'InvalidKey', `Invalid key: ${name}`);
      const upsert = req.headers.get('x-upsert') === 'true';
      try {
        await store.assertAccepts(bucket, md.contentType || 'application/octet-stream', upload.size);
        await store.canUpload(claims, bucket, name, upsert);
      } catch (e) {
        throw toRefusal(e);
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
            cacheControl: /^\d+$/.test(md.cacheControl ?? '') ? `max-age=${md.cacheControl}` : 'no-cache',
            upsert: md.__upsert === 'true',
            userMetadata: userMetadataOf(md.metadata),
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
