/**
 * GET /__local/inbox: the local mailer's messages, for the developer and the test suites.
 * Invariants: reached only through http/local-only.ts (Host 127.0.0.1/localhost/[::1], against
 * DNS rebinding); answered only to callers on this machine (loopback remote address) and never to a
 * web page: no CORS headers at all, and any request a browser marks as coming from a page
 * (an `Origin` header, or `Sec-Fetch-Site` other than `none`/`same-origin`) is refused — a reset
 * mail in here is a session for its recipient. Opening the URL in the address bar still works.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson } from '../http/util';
import type { Mailer } from './mail';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

const HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

export function serveInbox(req: IncomingMessage, res: ServerResponse, mailer: Mailer): void {
  const refuse = (status: number, message: string) => sendJson(res, status, { message }, HEADERS);
  if (!isLoopback(req.socket.remoteAddress)) return refuse(403, 'The local inbox answers only on this machine');
  const site = header(req, 'sec-fetch-site');
  if (header(req, 'origin') !== undefined || (site !== undefined && site !== 'none' && site !== 'same-origin')) {
    return refuse(403, 'The local inbox is not readable by web pages');
  }
  if (req.method !== 'GET') return refuse(405, 'Only GET is allowed on the local inbox');
  return sendJson(res, 200, mailer.inbox(), HEADERS);
}
