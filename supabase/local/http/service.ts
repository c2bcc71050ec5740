/**
 * The contract between the HTTP front door (server.ts) and each local service, as a gateway routes
 * by prefix: a service registers its prefix, its handler and the shape of the errors the front door
 * raises on its behalf (malformed URL, busy database, body too large, unexpected failure). The front
 * door imports no service; services import this file, never server.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DbBusyError, RequestContext } from '../db/scheduler';
import { HttpError } from './util';

export interface ServiceRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** the path below the service's prefix (e.g. `/profiles` for `/rest/v1/profiles`) */
  path: string;
  url: URL;
  /** the request's scheduling context: a service sets `caller` once it knows who asks */
  ctx: RequestContext;
}

/** Errors in the service's own wire shape. `status` of busy: 503 queue full, 504 waited too long, 500 nested. */
export interface ServiceErrors {
  malformedUrl(detail: string): HttpError;
  busy(status: number, e: DbBusyError): HttpError;
  tooLarge(limit: number): HttpError;
  internal(message: string): HttpError;
}

export interface LocalService {
  /** the path prefix it owns; the longest matching prefix wins */
  prefix: string;
  errors: ServiceErrors;
  /** it serves stored files under their own Content-Security-Policy (storage): the front door sets none */
  ownContentPolicy?: boolean;
  /** it answers CORS preflights itself (tus) */
  ownPreflight?: boolean;
  handle(r: ServiceRequest): Promise<void>;
}

/** The gateway's own answer to a path no service owns. */
export const NO_ROUTE = { message: 'no Route matched with those values' };
