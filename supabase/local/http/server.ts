/**
 * The HTTP front door: CORS, routing by prefix, JWT resolution, error rendering, shutdown.
 * Invariants: every response (errors included; `/__local/*` excepted) carries hosted Supabase's CORS headers
 * (`Access-Control-Allow-Origin: *`, never credentials) and basic security headers; each
 * request runs in a RequestContext (fairness key = JWT subject or role@address; whether the
 * client has gone) that the database scheduler reads; malformed URLs and percent-encoding
 * answer 400 in the owning API's shape; a thrown HttpError is rendered as-is, a busy database
 * as 503/504, any other error as a 500 in the owning API's shape and is logged, never
 * crashing the server; in-flight requests finish before stop() resolves.
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
import type { RestBroadcast } from '../realtime/rest-broadcast';
import type { Server as TusServer } from '@tus/server';
import { TUS_PATH } from '../storage/tus';
import type { Mailer } from '../auth/mail';
import { isLocalOnlyPath, serveLocalOnly } from './local-only';
import { DbBusyError, requestContext, type RequestContext } from '../db/scheduler';
import type { FunctionsApi } from '../functions/index';

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
  /** Realtime's REST broadcast API (`/realtime/v1/api/broadcast…`); the socket is an upgrade, not routed here */
  realtime: RestBroadcast;
  /** Edge Functions (`/functions/v1/<name>`, supabase/functions/<name>/handler.ts) */
  functions: FunctionsApi;
}

/** Idle keep-alive lifetime, as the hosted gateway's `keepalive_timeout`. */
const KEEP_ALIVE_MS = 60_000;

type Area = 'rest' | 'auth' | 'storage' | 'realtime' | 'other';

/** Hosted Supabase's CORS: any origin, never credentials (the keys travel in headers). */
function cors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  // echoing the requested header names is harmless without credentials
  res.setHeader('Access-Control-Allow-Headers', header(req, 'access-control-request-headers') ?? ALLOW_HEADERS);
  res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  res.setHeader('Access-Control-Max-Age', '86400');
}

/** JSON APIs are never documents: no sniffing, no framing, no referrer leaks. */
function securityHeaders(res: ServerResponse, area: Area): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (area !== 'storage') {
    // storage objects are served with their own policy by the storage API
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    res.setHeader('X-Frame-Options', 'DENY');
  }
}

/** A 400 in the owning API's error shape for a URL that cannot be decoded. */
function badUrl(area: Area, detail: string): HttpError {
  if (area === 'storage') return storageError(400, 'InvalidRequest', `Malformed URL: ${detail}`);
  if (area === 'auth') return authError(400, 'validation_failed', `Malformed URL: ${detail}`);
  if (area === 'rest') return pgrst(400, 'PGRST100', 'Malformed URL', detail);
  return new HttpError(400, { message: `Malformed URL: ${detail}` });
}

function areaOf(rawUrl: string): Area {
  if (rawUrl.startsWith('/rest/v1')) return 'rest';
  if (rawUrl.startsWith('/auth/v1')) return 'auth';
  if (rawUrl.startsWith('/storage/v1')) return 'storage';
  return rawUrl.startsWith('/realtime/v1') ? 'realtime' : 'other';
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
    const left = new AbortController();
    res.on('close', () => {
      inFlight--;
      if (!res.writableFinished) left.abort();
      if (inFlight === 0) idle?.();
    });
    const ctx: RequestContext = {
      caller: `ip:${req.socket.remoteAddress ?? '?'}`,
      signal: left.signal,
      // the socket's end/destroy is seen as soon as the event loop polls it, before res 'close'
      gone: () => !res.writableFinished && (req.socket.destroyed || req.socket.readableEnded || res.destroyed),
    };
    void requestContext.run(ctx, () => route(req, res, ctx));
  });
  // Hosted Supabase's gateway (Kong/nginx) keeps idle client connections 60 s; Node's 5 s default
  // also loses a race in-process: after a long synchronous PGlite statement, a client reuses its
  // pooled socket while this server's expired idle timer closes it unread (ECONNRESET).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function route(req: IncomingMessage, res: ServerResponse, ctx: RequestContext): Promise<void> {
    const rawUrl = req.url ?? '/';
    const area = areaOf(rawUrl);
    // the inbox holds sessions (reset links): local Host and caller only, never CORS (local-only.ts)
    if (isLocalOnlyPath(rawUrl)) return serveLocalOnly(req, res, rawUrl, apis.mailer);
    cors(req, res);
    securityHeaders(res, area);
    try {
      let url: URL;
      try {
        url = new URL(rawUrl.startsWith('/') ? rawUrl : `/${rawUrl}`, 'http://localhost');
        decodeURIComponent(url.pathname); // the APIs decode path segments; refuse bad escapes once, here
      } catch (e) {
        throw badUrl(area, e instanceof Error ? e.message : String(e));
      }
      const path = url.pathname;
      if (path.startsWith(TUS_PATH)) {
        await apis.tus.handle(req, res);
        return;
      }
      if (req.method === 'OPTIONS') return send(res, 204, null);
      if (area === 'other') {
        if (path === '/' || path === '/health') return sendJson(res, 200, { status: 'ok', name: 'bucket-local-supabase' });
        if (path.startsWith('/functions/v1/')) return await apis.functions.handle(req, res, path.slice('/functions/v1'.length), url);
        // RFC 8414 §3: the metadata of issuer <origin>/auth/v1 lives at /.well-known/oauth-authorization-server/auth/v1
        if (req.method === 'GET' && (path === WELL_KNOWN_AS || path === `${WELL_KNOWN_AS}/auth/v1`)) {
          return await apis.auth.handle(req, res, '/.well-known/oauth-authorization-server', url);
        }
        return sendJson(res, 404, { message: 'no Route matched with those values' });
      }
      if (area === 'auth') {
        const sub = path.slice('/auth/v1'.length) || '/';
        const open = isOpenAuthRoute(req.method ?? 'GET', sub);
        if (!open) {
          const { error } = await resolveClaims(req, apis.keys, 'rest');
          if (error) {
            const body = error.body as { message?: string };
            throw authError(401, 'no_authorization', body.message ?? 'Invalid API key');
          }
        }
        return await apis.auth.handle(req, res, sub, url);
      }
      if (area === 'realtime') return await apis.realtime.handle(req, res, path.slice('/realtime/v1'.length), url, ctx);
      if (area === 'rest') {
        const { claims, error } = await resolveClaims(req, apis.keys, 'rest');
        if (!claims) throw error!;
        ctx.caller = callerKey(claims, req);
        return await apis.rest.handle(req, res, path.slice('/rest/v1'.length), url, claims);
      }
      const { claims, error } = await resolveClaims(req, apis.keys, 'storage');
      if (claims) ctx.caller = callerKey(claims, req);
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

const WELL_KNOWN_AS = '/.well-known/oauth-authorization-server';

/**
 * Auth routes reached without an apikey: links and redirects a browser follows, and the OAuth
 * server's public endpoints a third-party client calls (it holds no project key).
 */
function isOpenAuthRoute(method: string, sub: string): boolean {
  if (method === 'GET') return ['/verify', '/authorize', '/callback', '/health', '/oauth/authorize'].includes(sub) || sub.startsWith('/.well-known/');
  return method === 'POST' && (sub === '/oauth/token' || sub === '/oauth/clients/register');
}

/** Fairness key: one queue per signed-in user, per role and address otherwise. */
function callerKey(claims: Claims, req: IncomingMessage): string {
  return typeof claims.sub === 'string' && claims.sub ? `sub:${claims.sub}` : `${claims.role}@${req.socket.remoteAddress ?? '?'}`;
}

/** A busy database in the owning API's shape: 503 (queue full, retry later) or 504 (waited too long). */
function busyError(area: Area, e: DbBusyError): HttpError {
  const status = e.kind === 'queue-timeout' ? 504 : e.kind === 'nested' ? 500 : 503;
  if (area === 'storage') return storageError(status, 'DatabaseTimeout', e.message);
  if (area === 'auth') return authError(status, 'request_timeout', e.message);
  if (area === 'realtime') return new HttpError(status, { message: e.message }, status === 503 ? { 'Retry-After': '1' } : {});
  const msg = e.kind === 'queue-timeout' ? 'Timed out acquiring connection from connection pool.' : 'Too many requests are waiting for the database connection.';
  const err = pgrst(status, 'PGRST003', msg, e.message);
  return new HttpError(err.status, err.body, status === 503 ? { 'Retry-After': '1' } : {});
}

function renderError(res: ServerResponse, area: Area, e: unknown, quiet: boolean): void {
  if (e instanceof DbBusyError) {
    if (e.kind === 'client-gone') return void res.destroy();
    e = busyError(area, e);
  }
  if (e instanceof BodyTooLargeError) {
    if (area === 'storage') e = storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    else if (area === 'auth') e = authError(413, 'request_too_large', 'Request body too large');
    else if (area === 'realtime') e = new HttpError(413, { message: `Request body too large: at most ${e.limit} bytes` });
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
    area === 'storage'
      ? storageError(500, 'InternalError', message)
      : area === 'auth'
        ? authError(500, 'unexpected_failure', message)
        : area === 'realtime'
          ? new HttpError(500, { message })
          : pgrst(500, 'PGRST000', message);
  if (!res.headersSent) sendJson(res, err.status, err.body);
  else res.destroy();
}
