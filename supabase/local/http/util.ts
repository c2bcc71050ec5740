/**
 * HTTP helpers shared by every API module.
 * Invariants: request bodies are read with a hard byte limit (413 past it, the rest of the
 * stream is drained, never buffered); JSON responses always carry Content-Type and length;
 * nothing here touches the database.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const JSON_BODY_LIMIT = 1024 * 1024; // 1 MiB, like PostgREST behind Kong's default
export const OBJECT_BODY_LIMIT = 50 * 1024 * 1024; // 50 MiB, the storage file_size_limit
/** Deeper JSON is refused before parsing: deep values overflow stacks (JS and PGlite's). */
export const JSON_MAX_DEPTH = 100;

/** An error that already knows its HTTP status and JSON body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
  }
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body exceeds ${limit} bytes`);
  }
}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
    req.on('close', () => {
      // the client went away mid-body: settle instead of waiting forever
      if (!failed && !req.complete) reject(new Error('client closed the connection before the body was complete'));
    });
  });
}

export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer | null,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (body === null || body === '') {
    res.statusCode = status;
    res.end();
    return;
  }
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  res.setHeader('Content-Length', String(buf.length));
  res.statusCode = status;
  res.end(res.req?.method === 'HEAD' ? undefined : buf);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, status, JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Deepest bracket nesting of a JSON-ish text, ignoring brackets inside "strings". */
export function nestingDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let max = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) quoted = false;
      continue;
    }
    if (c === 34) quoted = true;
    else if (c === 91 || c === 123 || c === 40 /* [ { ( */) {
      if (++depth > max) max = depth;
      if (max > stopAbove) return max;
    } else if (c === 93 || c === 125 || c === 41) depth--;
  }
  return max;
}

/** Parses a JSON body; throws `onError()` for malformed or too deeply nested JSON. */
export function parseJson(buf: Buffer, onError: (message: string) => Error): unknown {
  const text = buf.toString('utf8');
  if (text.trim() === '') return undefined;
  if (nestingDepth(text, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) {
    throw onError(`JSON nested deeper than ${JSON_MAX_DEPTH} levels`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw onError(e instanceof Error ? e.message : String(e));
  }
}
