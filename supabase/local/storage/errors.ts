/**
 * Storage API errors in Supabase Storage's own shape: `{statusCode, code, error, message}`.
 * Invariants: like Supabase Storage, the HTTP status is 400 for every client error and 500
 * for server errors (the precise status travels in the body's `statusCode`), except where
 * Supabase answers otherwise (416 for ranges, 404 for unknown routes, 403 for role checks);
 * database errors are mapped to storage wording, never shown raw with a 500.
 */
import { HttpError } from '../http/util';
import { isPgError } from '../rest/errors';

export interface StorageErrorOptions {
  /** Supabase Storage's machine-readable `code` (ErrorCode). */
  code?: string;
  /** HTTP status when Supabase deviates from "400 unless 500". */
  http?: number;
  headers?: Record<string, string>;
}

export function storageError(statusCode: number, error: string, message: string, opts: StorageErrorOptions = {}): HttpError {
  const http = opts.http ?? (statusCode >= 500 ? 500 : 400);
  const body: Record<string, string> = { statusCode: String(statusCode), error, message };
  if (opts.code) body.code = opts.code;
  return new HttpError(http, body, opts.headers);
}

export const notFound = (): HttpError => storageError(404, 'not_found', 'Object not found', { code: 'NoSuchKey' });
export const bucketNotFound = (): HttpError => storageError(404, 'Bucket not found', 'Bucket not found', { code: 'NoSuchBucket' });
export const invalidKey = (key: string): HttpError => storageError(400, 'InvalidKey', `Invalid key: ${key}`, { code: 'InvalidKey' });
export const invalidRequest = (message: string): HttpError => storageError(400, 'InvalidRequest', message, { code: 'InvalidRequest' });
export const entityTooLarge = (): HttpError =>
  storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size', { code: 'EntityTooLarge' });
export const invalidMimeType = (mime: string): HttpError =>
  storageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`, { code: 'InvalidMimeType' });
export const accessDenied = (message: string): HttpError =>
  storageError(403, 'Unauthorized', message, { code: 'AccessDenied', http: 403 });
export const rlsDenied = (): HttpError =>
  storageError(403, 'Unauthorized', 'new row violates row-level security policy', { code: 'AccessDenied' });
export const duplicate = (): HttpError => storageError(409, 'Duplicate', 'The resource already exists', { code: 'KeyAlreadyExists' });

/** A Supabase Storage feature this local backend does not implement (never a fake success). */
export const notImplemented = (feature: string): HttpError =>
  storageError(501, 'not_implemented', `${feature} is not implemented by the local backend`, { code: 'NotSupported', http: 501 });

/** Fastify's not-found answer, as Supabase Storage renders it. */
export const routeNotFound = (method: string, url: string): HttpError =>
  storageError(404, 'Not Found', `Route ${method}:${url} not found`, { code: 'InvalidRequest', http: 404 });

/** Maps database errors to the storage API's wording. */
export function mapDbError(e: unknown): unknown {
  if (!isPgError(e)) return e;
  if (e.code === '42501') return rlsDenied();
  if (e.code === '23505') return duplicate();
  if (e.code === '23503') return bucketNotFound();
  if (e.code === '57014') return storageError(544, 'DatabaseTimeout', 'The connection to the database timed out', { code: 'DatabaseTimeout', http: 544 });
  // a refusal raised by a trigger or constraint is the caller's fault: 400, with its message
  return storageError(400, 'DatabaseError', typeof e.message === 'string' ? e.message : 'database error', { code: 'DatabaseError' });
}
