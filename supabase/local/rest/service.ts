/** /rest/v1 at the front door: a valid project JWT is required; errors in PostgREST's shape. */
import { callerKey, noApiKey, readBearer } from '../http/bearer';
import type { LocalService, ServiceErrors } from '../http/service';
import { HttpError } from '../http/util';
import type { JwtKeys } from '../auth/jwt';
import { pgrst } from './errors';
import type { RestApi } from './routes';

export const restErrors: ServiceErrors = {
  malformedUrl: (detail) => pgrst(400, 'PGRST100', 'Malformed URL', detail),
  busy: (status, e) => {
    const message =
      e.kind === 'queue-timeout' ? 'Timed out acquiring connection from connection pool.' : 'Too many requests are waiting for the database connection.';
    const err = pgrst(status, 'PGRST003', message, e.message);
    return new HttpError(err.status, err.body, status === 503 ? { 'Retry-After': '1' } : {});
  },
  tooLarge: (limit) => pgrst(413, 'PGRST413', 'Request body too large', `The request body exceeds ${limit} bytes`),
  internal: (message) => pgrst(500, 'PGRST000', message),
};

export function restService(api: RestApi, keys: JwtKeys): LocalService {
  return {
    prefix: '/rest/v1',
    errors: restErrors,
    async handle({ req, res, path, url, ctx }) {
      const bearer = await readBearer(req, keys);
      if ('missing' in bearer) throw noApiKey();
      if ('invalid' in bearer) throw pgrst(401, bearer.invalid.reason === 'expired' ? 'PGRST303' : 'PGRST301', bearer.invalid.message, null, null);
      ctx.caller = callerKey(bearer.claims, req);
      await api.handle(req, res, path, url, bearer.claims);
    },
  };
}
