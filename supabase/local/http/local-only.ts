/**
 * `/__local/*`: endpoints of the local backend that hosted Supabase does not have (the inbox).
 * Invariants: answered only when the `Host` header names this machine (127.0.0.1, localhost or
 * [::1], any port) — a page on a hostname rebound to 127.0.0.1 (DNS rebinding) is same-origin
 * with the backend and sends its own name as Host — and only to a loopback caller; refusals are
 * 403 JSON `{message}` without CORS headers and without data.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson } from './util';
import { isLoopback, serveInbox } from '../auth/inbox';
import type { Mailer } from '../auth/mail';

export const LOCAL_PREFIX = '/__local';
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a raw request path is under `/__local`. */
export function isLocalOnlyPath(rawUrl: string): boolean {
  const path = rawUrl.split('?')[0]!;
  return path === LOCAL_PREFIX || path.startsWith(`${LOCAL_PREFIX}/`);
}

/** Whether a Host header value is 127.0.0.1, localhost or [::1], with or without a port. */
export function isLocalHost(host: string | undefined): boolean {
  if (!host) return false;
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  return m !== null && LOCAL_HOSTS.has(m[1]!.toLowerCase());
}

const HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

export function serveLocalOnly(req: IncomingMessage, res: ServerResponse, rawUrl: string, mailer: Mailer): void {
  if (!isLocalHost(header(req, 'host'))) {
    return sendJson(res, 403, { message: 'Local-only endpoint: the Host header must be 127.0.0.1, localhost or [::1]' }, HEADERS);
  }
  if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 403, { message: 'Local-only endpoint: answers only on this machine' }, HEADERS);
  if (rawUrl.split('?')[0] === `${LOCAL_PREFIX}/inbox`) return serveInbox(req, res, mailer);
  return sendJson(res, 404, { message: 'no Route matched with those values' }, HEADERS);
}
