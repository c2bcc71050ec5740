/**
 * The HTTP front door: CORS, routing by prefix, JWT resolution, error rendering, shutdown.
 * Invariants: every response (errors included; the local inbox excepted) carries Supabase-like CORS headers; a thrown
 * HttpError is rendered as-is, any other error as a 500 in the owning API's shape and is
 * logged, never crashing the server; in-flight requests finish before stop() resolves.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError, BodyTooLargeError, sendJson, header, send } from './util';
import { JwtError, tokenFromHeaders, type Claims, type JwtKeys } from '../auth/jwt';
import { pgrst } from '../rest/errors';
import { authError } from '../auth/errors';
import { storageError } from '../storage/store';
import type { RestApi } from '../rest/routes';
import type { AuthApi } from '../auth/routes';
import type { StorageApi } from '../storage/routes';
import type { Server as TusServer } from '@tus/server';
import { TUS_PATH } from '../storage/tus';
import type { Mailer } from '../auth/mail';
import { serveInbox } from '../auth/inbox';

const ALLOW_HEADERS = [
  'authorization', 'x-client-info', 'apikey', 'content-type', 'prefer', 'range', 'range-unit', 'accept', 'accept-profile',
  'content-profile', 'x-upsert', 'cache-control', 'x-supabase-api-version', 'tus-resumable', 'upload-length',
  'upload-metadata', 'upload-offset', 'upload-defer-length', 'upload-concat', 'x-http-method-override', 'x-requested-with',
  'x-signature', 'if-none-match', 'if-modified-since',
].join(', ');
const EXPOSE_HEADERS = [
  'Content-Range', 'Content-Length', 'Content-Type', 'Location', 'Range-Unit', 'Preference-Applied', 'ETag', 'Upload-Offset',
  'Upload-Length', 'Upload-Expires', 'Upload-Metadata', 'Tus-Resumable', 'Tus-Version', 'Tus-Max-Size', 'Tus-Extension',
  'X-Supabase-Api-Version', 'X-Object-Id',
].join(', ');

export interface Apis {
  keys: JwtKeys;
  rest: RestApi;
  auth: AuthApi;
  storage: StorageApi;
  tus: TusServer;
  mailer: Mailer;
  quiet: boolean;
}

type Area = 'rest' | 'auth' | 'storage' | 'other';

function cors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', header(req, 'origin') ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', header(req, 'access-control-request-headers') ?? ALLOW_HEADERS);
  res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  res.setHeader('Access-Control-Max-Age', '86400');
}

/** Resolves the caller's claims; `undefined` + an area-shaped error when absent/invalid. */
async function resolveClaims(req: IncomingMessage, keys: JwtKeys, area: Area): Promise<{ claims?: Claims; error?: HttpError }> {
  const token = tokenFromHeaders(header(req, 'authorization'), header(req, 'apikey'));
  if (!token) {
    if (area === 'storage') return { error: storageError(400, 'Error', 'headers must have required property \'authorization\'') };
    return { error: new HttpError(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }) };
  }
  try {
    return { claims: await keys.verify(token) };
  } catch (e) {
    const je = e instanceof JwtError ? e : new JwtError('invalid', 'invalid JWT');
    if (area === 'storage') return { error: storageError(je.reason === 'expired' ? 400 : 403, je.reason === 'expired' ? 'InvalidJWT' : 'Unauthorized', je.reason === 'expired' ? '"exp" claim timestamp check failed' : je.message) };
    const code = je.reason === 'expired' ? 'PGRST303' : 'PGRST301';
    return { error: pgrst(401, code, je.message, null, null) };
  }
}

export function createHttpServer(apis: Apis): { server: http.Server; stop: () => Promise<void> } {
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let idle: (() => void) | undefined;

  const server = http.createServer((req, res) => {
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
    void route(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const area: Area = path.startsWith('/rest/v1') ? 'rest' : path.startsWith('/auth/v1') ? 'auth' : path.startsWith('/storage/v1') ? 'storage' : 'other';
    // the inbox holds sessions (reset links): local callers only, never CORS (auth/inbox.ts)
    if (path === '/__local/inbox') return serveInbox(req, res, apis.mailer);
    cors(req, res);
    try {
      if (path.startsWith(TUS_PATH)) {
        await apis.tus.handle(req, res);
        return;
      }
      if (req.method === 'OPTIONS') return send(res, 204, null);
      if (area === 'other') {
        if (path === '/' || path === '/health') return sendJson(res, 200, { status: 'ok', name: 'bucket-local-supabase' });
        return sendJson(res, 404, { message: 'no Route matched with those values' });
      }
      if (area === 'auth') {
        const sub = path.slice('/auth/v1'.length) || '/';
        const open = ['/verify', '/authorize', '/callback', '/health'].includes(sub) && req.method === 'GET';
        if (!open) {
          const { error } = await resolveClaims(req, apis.keys, 'rest');
          if (error) {
            const body = error.body as { message?: string };
            throw authError(401, 'no_authorization', body.message ?? 'Invalid API key');
          }
        }
        return await apis.auth.handle(req, res, sub, url);
      }
      if (area === 'rest') {
        const { claims, error } = await resolveClaims(req, apis.keys, 'rest');
        if (!claims) throw error!;
        return await apis.rest.handle(req, res, path.slice('/rest/v1'.length), url, claims);
      }
      const { claims, error } = await resolveClaims(req, apis.keys, 'storage');
      return await apis.storage.handle(req, res, path.slice('/storage/v1'.length), url, claims, error);
    } catch (e) {
      renderError(res, area, e, apis.quiet);
    }
  }

  async function stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      if (inFlight === 0) for (const s of sockets) s.destroy();
      idle = () => {
        for (const s of sockets) s.destroy();
      };
      setTimeout(() => {
        for (const s of sockets) s.destroy();
      }, 5000).unref();
    });
  }

  return { server, stop };
}

function renderError(res: ServerResponse, area: Area, e: unknown, quiet: boolean): void {
  if (e instanceof BodyTooLargeError) {
    if (area === 'storage') e = storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    else if (area === 'auth') e = authError(413, 'request_too_large', 'Request body too large');
    else e = pgrst(413, 'PGRST413', 'Request body too large', `The request body exceeds ${e.limit} bytes`);
  }
  if (e instanceof HttpError) {
    if (!res.headersSent) sendJson(res, e.status, e.body, e.headers);
    else res.destroy();
    return;
  }
  if (!quiet) console.error('[local backend] unexpected error', e);
  const message = e instanceof Error ? e.message : String(e);
  const err =
    area === 'storage' ? storageError(500, 'InternalError', message) : area === 'auth' ? authError(500, 'unexpected_failure', message) : pgrst(500, 'PGRST000', message);
  if (!res.headersSent) sendJson(res, err.status, err.body);
  else res.destroy();
}
