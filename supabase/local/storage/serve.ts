/**
 * Rendering an object body: byte ranges and safe headers (public, authenticated and
 * signed-URL downloads all end here).
 * Invariants: `Range` is parsed exactly as Supabase Storage does (one `bytes=a-b`, `a-` or
 * `-n` range → 206 + Content-Range; anything else or past the end → 416 with
 * `Content-Range: bytes * /size`); every object response carries `Accept-Ranges: bytes`,
 * `X-Content-Type-Options: nosniff`, a sandboxing CSP and `X-Robots-Tag: none`; HTML is
 * served as text/plain (as hosted) and other types a browser would run as a document (SVG,
 * XML, JS…) as attachments, so an upload can never script the API origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { header } from '../http/util';
import { notFound, storageError } from './errors';
import type { ObjectRow } from './store';

export interface ByteRange {
  from: number;
  to: number;
}

/** Supabase Storage's range grammar; throws its 416 `InvalidRange` error. */
export function parseRange(range: string, size: number): ByteRange {
  const invalid = () =>
    storageError(416, 'invalid_range', 'invalid range provided', { code: 'InvalidRange', http: 416, headers: { 'Content-Range': `bytes */${size}` } });
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!m || size <= 0 || (!m[1] && !m[2])) throw invalid();
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw invalid();
    return { from: Math.max(size - suffix, 0), to: size - 1 };
  }
  const from = Number(m[1]);
  const to = m[2] ? Number(m[2]) : size - 1;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || to < from || from >= size) throw invalid();
  return { from, to: Math.min(to, size - 1) };
}

// Types a browser renders as an active document when navigated to.
const HTML_LIKE = /^(text\/html|application\/xhtml\+xml)$/;
const ACTIVE = /^(image\/svg\+xml|text\/xml|application\/xml|text\/xsl|application\/xslt\+xml|text\/javascript|application\/javascript|application\/x-javascript|application\/ecmascript|text\/ecmascript|application\/x-shockwave-flash|text\/vnd\.wap\.wml|multipart\/x-mixed-replace)$|\+xml$/;

/** The Content-Type actually sent, and whether the body must be an attachment. */
export function safeType(stored: string): { contentType: string; attachment: boolean } {
  const essence = stored.split(';')[0]!.trim().toLowerCase();
  if (HTML_LIKE.test(essence)) return { contentType: 'text/plain', attachment: false };
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence)) return { contentType: 'application/octet-stream', attachment: true };
  return { contentType: stored, attachment: ACTIVE.test(essence) };
}

export function contentDisposition(download: string | null, fallbackName: string, attachment: boolean): string | undefined {
  const encode = (n: string) => encodeURIComponent(n).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  if (download === '') return 'attachment;';
  if (download !== null) return `attachment; filename=${encode(download)}; filename*=UTF-8''${encode(download)}`;
  if (attachment) return `attachment; filename=${encode(fallbackName)}; filename*=UTF-8''${encode(fallbackName)}`;
  return undefined;
}

export interface ServeOptions {
  /** the `download` query parameter: null = absent, '' = attachment without a name */
  download: string | null;
  /** signed URLs: the token's expiry, sent as Expires instead of Cache-Control */
  expires?: Date;
}

export async function serveObject(req: IncomingMessage, res: ServerResponse, row: ObjectRow, file: string, opts: ServeOptions): Promise<void> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw notFound();
  }
  const md = row.metadata ?? {};
  const etag = typeof md.eTag === 'string' ? md.eTag : undefined;
  const stored = typeof md.mimetype === 'string' && md.mimetype ? md.mimetype : 'application/octet-stream';
  const { contentType, attachment } = safeType(stored);
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; img-src 'self'; sandbox",
    'X-Robots-Tag': 'none',
    'Last-Modified': new Date(row.updated_at).toUTCString(),
  };
  if (etag) headers.ETag = etag;
  if (opts.expires) headers.Expires = opts.expires.toUTCString();
  else headers['Cache-Control'] = typeof md.cacheControl === 'string' ? md.cacheControl : 'no-cache';
  const disposition = contentDisposition(opts.download, row.name.split('/').pop() ?? 'file', attachment);
  if (disposition) headers['Content-Disposition'] = disposition;

  const ifNoneMatch = header(req, 'if-none-match');
  const ifModifiedSince = header(req, 'if-modified-since');
  const notModified =
    (ifNoneMatch !== undefined && etag !== undefined && ifNoneMatch === etag) ||
    (ifNoneMatch === undefined && ifModifiedSince !== undefined && new Date(row.updated_at).getTime() <= Date.parse(ifModifiedSince));
  if (notModified) {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.statusCode = 304;
    return void res.end();
  }

  const rangeHeader = req.method === 'HEAD' ? undefined : header(req, 'range');
  const range = rangeHeader !== undefined ? parseRange(rangeHeader, size) : undefined;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (range) {
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${range.from}-${range.to}/${size}`);
    res.setHeader('Content-Length', String(range.to - range.from + 1));
  } else {
    res.statusCode = 200;
    res.setHeader('Content-Length', String(size));
  }
  if (req.method === 'HEAD' || size === 0) return void res.end();
  await new Promise<void>((resolve, reject) => {
    const s = createReadStream(file, range ? { start: range.from, end: range.to } : {});
    s.on('error', (e) => {
      res.destroy();
      reject(e);
    });
    res.on('close', () => {
      s.destroy();
      resolve();
    });
    s.pipe(res);
  });
}
