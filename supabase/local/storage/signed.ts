/**
 * Signed URLs: downloads (`/object/sign`) and uploads (`/object/upload/sign`).
 * Invariants: a URL is signed only after the caller's own policy allowed the same action
 * (select for downloads, a rolled-back insert for uploads), so the signature is the
 * permission afterwards; tokens are scoped (`download` / `upload`) and bound to one
 * `bucket/name`, so neither kind can be replayed as the other nor for another object; an
 * upload through a signed URL is written with the signer as owner and the bucket's limits;
 * a download URL lives at most `signedUrlMaxExpirySeconds` (default 7 days), longer is refused.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Claims, JwtKeys } from '../auth/jwt';
import { header, sendJson } from '../http/util';
import { beforeBody, jsonBody, uploadBody } from './body';
import { invalidRequest, notFound, storageError } from './errors';
import { serveObject } from './serve';
import type { ObjectStore } from './store';

const UPLOAD_URL_EXPIRY_S = 2 * 3600; // Supabase's default uploadSignedUrlExpirationTime
/**
 * Default cap of a download URL's `expiresIn`: 7 days, the longest a presigned S3 URL lives.
 * Hosted Supabase only refuses values past the safe-integer range; a signed URL outlives the
 * policy that allowed it (an unfollow, a tier drop), so the local backend bounds it.
 */
export const DEFAULT_SIGNED_URL_MAX_EXPIRY_S = 7 * 24 * 3600;

interface SignedPayload {
  url?: unknown;
  scope?: unknown;
  upsert?: unknown;
  owner?: unknown;
  exp?: unknown;
}

export class SignedUrls {
  constructor(
    private readonly store: ObjectStore,
    private readonly keys: JwtKeys,
    private readonly maxExpirySeconds = DEFAULT_SIGNED_URL_MAX_EXPIRY_S,
  ) {}

  private async verify(token: string, bucket: string, name: string, scope: 'download' | 'upload'): Promise<SignedPayload> {
    let payload: SignedPayload;
    try {
      payload = (await this.keys.verifyAny(token)) as SignedPayload;
    } catch (e) {
      const expired = e instanceof Error && /exp/.test(e.message);
      throw storageError(400, 'InvalidJWT', expired ? '"exp" claim timestamp check failed' : 'invalid signature', { code: 'InvalidJWT' });
    }
    const scoped = scope === 'upload' ? payload.scope === 'upload' : payload.scope === 'download' || (payload.scope === undefined && !('upsert' in payload));
    if (!scoped) throw storageError(400, 'InvalidSignature', `Token is not scoped for ${scope}`, { code: 'InvalidSignature' });
    if (payload.url !== `${bucket}/${name}`) throw storageError(400, 'InvalidSignature', 'The url do not match the signature', { code: 'InvalidSignature' });
    return payload;
  }

  private async downloadUrl(bucket: string, name: string, expiresIn: number): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const token = await this.keys.sign({ url: `${bucket}/${name}`, scope: 'download', iat, exp: iat + expiresIn });
    // raw path, as Supabase returns it: storage-js applies encodeURI to the whole URL
    return `/object/sign/${bucket}/${name}?token=${token}`;
  }

  /** POST /object/sign/:bucket/*name (one) or /object/sign/:bucket with `paths` (many). */
  async sign(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string, name: string): Promise<void> {
    const body = await jsonBody(req);
    const expiresIn = Number(body.expiresIn);
    if (!Number.isSafeInteger(expiresIn) || expiresIn < 1) throw invalidRequest('body/expiresIn must be >= 1');
    // Supabase Storage's refusal of an out-of-range expiresIn (src/internal/auth/jwt.ts), with the cap named
    if (expiresIn > this.maxExpirySeconds) {
      throw storageError(400, 'InvalidParameter', `Invalid Parameter expiresIn: at most ${this.maxExpirySeconds} seconds on this backend`, { code: 'InvalidParameter' });
    }
    if (name) {
      await this.store.visible(claims, bucket, name);
      return sendJson(res, 200, { signedURL: await this.downloadUrl(bucket, name, expiresIn) });
    }
    if (!Array.isArray(body.paths) || body.paths.some((p) => typeof p !== 'string')) throw invalidRequest("body must have required property 'paths' (array of strings)");
    if (body.paths.length > 1000) throw invalidRequest('Bulk object requests are limited to 1000 objects per request.');
    const out = [];
    for (const p of body.paths as string[]) {
      try {
        await this.store.visible(claims, bucket, p);
        out.push({ error: null, path: p, signedURL: await this.downloadUrl(bucket, p, expiresIn) });
      } catch {
        out.push({ error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null });
      }
    }
    return sendJson(res, 200, out);
  }

  /** GET|HEAD /object/sign/:bucket/*name?token=… (no JWT: the token is the permission). */
  async download(req: IncomingMessage, res: ServerResponse, bucket: string, name: string, url: URL): Promise<void> {
    const token = url.searchParams.get('token');
    if (!token) throw invalidRequest("querystring must have required property 'token'");
    const payload = await this.verify(token, bucket, name, 'download');
    const row = await this.store.rowAsSuperuser(bucket, name);
    if (!row) throw notFound();
    const exp = typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : undefined;
    return serveObject(req, res, row, this.store.filePath(row.version), { download: url.searchParams.get('download'), expires: exp });
  }

  /** POST /object/upload/sign/:bucket/*name → {url, token}, after a dry run of the write as the caller. */
  async createUploadUrl(req: IncomingMessage, res: ServerResponse, claims: Claims, bucket: string, name: string): Promise<void> {
    req.resume(); // storage-js sends `{}`; the body carries nothing we use
    const upsert = header(req, 'x-upsert') === 'true';
    await this.store.assertBucket(bucket);
    await this.store.canUpload(claims, bucket, name, upsert);
    const iat = Math.floor(Date.now() / 1000);
    const owner = typeof claims.sub === 'string' ? claims.sub : undefined;
    const token = await this.keys.sign({ owner, url: `${bucket}/${name}`, upsert, scope: 'upload', iat, exp: iat + UPLOAD_URL_EXPIRY_S });
    sendJson(res, 200, { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token });
  }

  /** PUT /object/upload/sign/:bucket/*name?token=… → {Key}; written as the signer. */
  async upload(req: IncomingMessage, res: ServerResponse, bucket: string, name: string, url: URL): Promise<void> {
    const { payload, limit } = await beforeBody(req, async () => {
      const token = url.searchParams.get('token');
      if (!token) throw invalidRequest("querystring must have required property 'token'");
      return { payload: await this.verify(token, bucket, name, 'upload'), limit: await this.store.maxSize(bucket) };
    });
    const file = await uploadBody(req, limit);
    // the signature stands for the signer's policy check: write with bypass, owner = signer
    const signer: Claims = { role: 'service_role', ...(typeof payload.owner === 'string' ? { sub: payload.owner } : {}) };
    await this.store.putBuffer(signer, { bucket, name, contentType: file.contentType, cacheControl: file.cacheControl, userMetadata: file.userMetadata, upsert: payload.upsert === true }, file.body);
    sendJson(res, 200, { Key: `${bucket}/${name}` });
  }
}
