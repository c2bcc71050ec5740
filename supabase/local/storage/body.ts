/**
 * Request bodies of the storage API: JSON objects and uploaded files (raw or multipart).
 * Invariants: nothing is read past the given byte limit (Supabase's EntityTooLarge, checked on
 * the declared Content-Length before reading and on the bytes while reading); malformed JSON or
 * forms answer a 400 in Storage's shape, never a 500.
 */
import type { IncomingMessage } from 'node:http';
import { header, readBody, parseJson, JSON_BODY_LIMIT, BodyTooLargeError } from '../http/util';
import { entityTooLarge, invalidRequest } from './errors';

export async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw: Buffer;
  try {
    raw = await readBody(req, JSON_BODY_LIMIT);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw entityTooLarge();
    throw e;
  }
  const v = parseJson(raw, (m) => invalidRequest(`Body is not valid JSON: ${m}`));
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalidRequest('body must be object');
  return v as Record<string, unknown>;
}

/** Runs `fn`; on failure discards the unread request body so the answer reaches the client. */
export async function beforeBody<T>(req: IncomingMessage, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    req.resume();
    throw e;
  }
}

export interface UploadBody {
  body: Buffer;
  contentType: string;
  /** the stored Cache-Control value, e.g. "max-age=3600" or "no-cache" */
  cacheControl: string;
  /** user metadata (`x-metadata` header, base64 JSON, or the form's `metadata` field) */
  userMetadata?: Record<string, unknown>;
}

const USER_METADATA_LIMIT = 1024 * 1024;

function parseUserMetadata(json: string): Record<string, unknown> | undefined {
  if (Buffer.byteLength(json) > USER_METADATA_LIMIT) throw entityTooLarge();
  try {
    const v = JSON.parse(json) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // ignored, as Supabase does
  }
}

/** Reads an upload (raw body or multipart form with one file), refusing more than `limit` bytes. */
export async function uploadBody(req: IncomingMessage, limit: number): Promise<UploadBody> {
  const ct = header(req, 'content-type') ?? 'application/octet-stream';
  const multipart = ct.toLowerCase().startsWith('multipart/form-data');
  let raw: Buffer;
  try {
    // a multipart envelope is a little larger than its file: allow for the boundaries
    raw = await readBody(req, multipart ? limit + 64 * 1024 : limit);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw entityTooLarge();
    throw e;
  }
  if (!multipart) {
    const cc = header(req, 'cache-control');
    const md = header(req, 'x-metadata');
    const userMetadata = md ? parseUserMetadata(Buffer.from(md, 'base64').toString('utf8')) : undefined;
    return { body: raw, contentType: ct, cacheControl: cc ? cc : 'no-cache', userMetadata };
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': ct } }).formData();
  } catch {
    throw invalidRequest('The multipart body could not be parsed');
  }
  let file: Blob | undefined;
  for (const [, v] of form) if (typeof v !== 'string') file = file ?? v;
  if (!file) throw invalidRequest('No content provided');
  const body = Buffer.from(await file.arrayBuffer());
  if (body.length > limit) throw entityTooLarge();
  const explicitType = form.get('contentType');
  const cc = form.get('cacheControl');
  const md = form.get('metadata') ?? form.get('userMetadata');
  return {
    userMetadata: typeof md === 'string' ? parseUserMetadata(md) : undefined,
    body,
    contentType: (typeof explicitType === 'string' && explicitType) || file.type || 'application/octet-stream',
    cacheControl: typeof cc === 'string' && /^-?\d+$/.test(cc) ? `max-age=${cc}` : 'no-cache',
  };
}
