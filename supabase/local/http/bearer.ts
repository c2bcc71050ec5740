/**
 * The caller's JWT as the gateway reads it (Authorization bearer, else the apikey header). Each
 * service turns a missing or bad token into its own error shape; the front door does not.
 */
import type { IncomingMessage } from 'node:http';
import { JwtError, tokenFromHeaders, type Claims, type JwtKeys } from '../auth/jwt';
import { header, HttpError } from './util';

export type Bearer = { claims: Claims } | { missing: true } | { invalid: JwtError };

export async function readBearer(req: IncomingMessage, keys: JwtKeys): Promise<Bearer> {
  const token = tokenFromHeaders(header(req, 'authorization'), header(req, 'apikey'));
  if (!token) return { missing: true };
  try {
    return { claims: await keys.verify(token) };
  } catch (e) {
    return { invalid: e instanceof JwtError ? e : new JwtError('invalid', 'invalid JWT') };
  }
}

/** The hosted gateway's answer when a request carries no key at all. */
export const noApiKey = (): HttpError =>
  new HttpError(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });

/** Fairness key of the database scheduler: one queue per signed-in user, per role and address otherwise. */
export function callerKey(claims: Claims, req: IncomingMessage): string {
  return typeof claims.sub === 'string' && claims.sub ? `sub:${claims.sub}` : `${claims.role}@${req.socket.remoteAddress ?? '?'}`;
}
