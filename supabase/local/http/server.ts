/**
 * The HTTP front door, as a gateway: CORS, routing by prefix to the registered services
 * (http/service.ts: each brings its prefix, handler and error shape), error rendering, shutdown.
 * It imports no service; each service resolves its caller's JWT itself (http/bearer.ts).
 * Invariants: every response (errors included; `/__local/*` excepted) carries hosted Supabase's CORS headers
 * (`Access-Control-Allow-Origin: *`, never credentials) and basic security headers; each
 * request runs in a RequestContext (fairness key = JWT subject or role@address; whether the
 * client has gone) that the database scheduler reads; malformed URLs and percent-encoding
 * answer 400 in the owning service's shape; a thrown HttpError is rendered as-is, a busy database
 * as 503/504, any other error as a 500 in the owning API's shape and is logged, never
 * crashing the server; in-flight requests finish before stop() resolves.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError, BodyTooLargeError, sendJson, header, send } from './util';
import type { Mailer } from '../auth/mail';
import { isLocalOnlyPath, serveLocalOnly } from './local-only';
import { DbBusyError, requestContext, type RequestContext } from '../db/scheduler';
import { NO_ROUTE, type LocalService, type ServiceErrors } from './service';

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

export interface FrontDoor {
  /** every service, each owning a path prefix */
  services: LocalService[];
  /** the error shape of paths no service owns */
  fallbackErrors: ServiceErrors;
  mailer: Mailer;
  quiet: boolean;
}

/** Idle keep-alive lifetime, as the hosted gateway's `keepalive_timeout`. */
const KEEP_ALIVE_MS = 60_000;

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
function securityHeaders(res: ServerResponse, service: LocalService | undefined): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (!service?.ownContentPolicy) {
    // storage objects are served with their own policy by the storage API
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    res.setHeader('X-Frame-Options', 'DENY');
  }
}

export function createHttpServer(door: FrontDoor): { server: http.Server; stop: () => Promise<void> } {
  // the longest prefix first, so tus's /storage/v1/upload/resumable is not taken for storage's
  const services = [...door.services].sort((a, b) => b.prefix.length - a.prefix.length);
  const serviceOf = (rawUrl: string) => services.find((s) => rawUrl.startsWith(s.prefix));
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
    // the inbox holds sessions (reset links): local Host and caller only, never CORS (local-only.ts)
    if (isLocalOnlyPath(rawUrl)) return serveLocalOnly(req, res, rawUrl, door.mailer);
    const service = serviceOf(rawUrl);
    const errors = service?.errors ?? door.fallbackErrors;
    cors(req, res);
    securityHeaders(res, service);
    try {
      let url: URL;
      try {
        url = new URL(rawUrl.startsWith('/') ? rawUrl : `/${rawUrl}`, 'http://localhost');
        decodeURIComponent(url.pathname); // the services decode path segments; refuse bad escapes once, here
      } catch (e) {
        throw errors.malformedUrl(e instanceof Error ? e.message : String(e));
      }
      if (req.method === 'OPTIONS' && !service?.ownPreflight) return send(res, 204, null);
      if (!service) {
        if (url.pathname === '/' || url.pathname === '/health') return sendJson(res, 200, { status: 'ok', name: 'bucket-local-supabase' });
        return sendJson(res, 404, NO_ROUTE);
      }
      await service.handle({ req, res, path: url.pathname.slice(service.prefix.length), url, ctx });
    } catch (e) {
      renderError(res, errors, e, door.quiet);
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

function renderError(res: ServerResponse, errors: ServiceErrors, e: unknown, quiet: boolean): void {
  if (e instanceof DbBusyError) {
    if (e.kind === 'client-gone') return void res.destroy();
    e = errors.busy(e.kind === 'queue-timeout' ? 504 : e.kind === 'nested' ? 500 : 503, e);
  }
  if (e instanceof BodyTooLargeError) e = errors.tooLarge(e.limit);
  if (e instanceof HttpError) {
    if (!res.headersSent) sendJson(res, e.status, e.body, e.headers);
    else res.destroy();
    return;
  }
  if (!quiet) console.error('[local backend] unexpected error', e);
  const err = errors.internal(e instanceof Error ? e.message : String(e));
  if (!res.headersSent) sendJson(res, err.status, err.body);
  else res.destroy();
}
