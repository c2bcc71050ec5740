/**
 * /storage/v1 at the front door, and tus's resumable uploads below it: errors in Supabase
 * Storage's shape. Public objects need no token, so the handler gets the token's problem, if any,
 * and decides; objects are served under their own Content-Security-Policy.
 */
import type { Server as TusServer } from '@tus/server';
import type { JwtKeys } from '../auth/jwt';
import { callerKey, readBearer } from '../http/bearer';
import type { LocalService, ServiceErrors } from '../http/service';
import { storageError } from './store';
import type { StorageApi } from './routes';
import { TUS_PATH } from './tus';

const storageErrors: ServiceErrors = {
  malformedUrl: (detail) => storageError(400, 'InvalidRequest', `Malformed URL: ${detail}`),
  busy: (status, e) => storageError(status, 'DatabaseTimeout', e.message),
  tooLarge: () => storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  internal: (message) => storageError(500, 'InternalError', message),
};

export function storageService(api: StorageApi, keys: JwtKeys): LocalService {
  return {
    prefix: '/storage/v1',
    errors: storageErrors,
    ownContentPolicy: true,
    async handle({ req, res, path, url, ctx }) {
      const bearer = await readBearer(req, keys);
      if ('claims' in bearer) {
        ctx.caller = callerKey(bearer.claims, req);
        return api.handle(req, res, path, url, bearer.claims, undefined);
      }
      const problem =
        'missing' in bearer
          ? storageError(400, 'Error', "headers must have required property 'authorization'")
          : bearer.invalid.reason === 'expired'
            ? storageError(400, 'InvalidJWT', '"exp" claim timestamp check failed')
            : storageError(403, 'Unauthorized', bearer.invalid.message);
      await api.handle(req, res, path, url, undefined, problem);
    },
  };
}

/** tus (resumable uploads) checks its own token and answers its own preflights. */
export function tusService(tus: TusServer): LocalService {
  return {
    prefix: TUS_PATH,
    errors: storageErrors,
    ownContentPolicy: true,
    ownPreflight: true,
    handle: ({ req, res }) => tus.handle(req, res),
  };
}
