/**
 * /auth/v1 at the front door, and the OAuth server's metadata at the RFC 8414 well-known path:
 * a project key is required except on the routes a browser or a third-party client reaches
 * without one; errors in GoTrue's shape.
 */
import { noApiKey, readBearer } from '../http/bearer';
import type { LocalService, ServiceErrors } from '../http/service';
import { NO_ROUTE } from '../http/service';
import { sendJson } from '../http/util';
import { authError } from './errors';
import type { JwtKeys } from './jwt';
import type { AuthApi } from './routes';

const authErrors: ServiceErrors = {
  malformedUrl: (detail) => authError(400, 'validation_failed', `Malformed URL: ${detail}`),
  busy: (status, e) => authError(status, 'request_timeout', e.message),
  tooLarge: () => authError(413, 'request_too_large', 'Request body too large'),
  internal: (message) => authError(500, 'unexpected_failure', message),
};

/**
 * Auth routes reached without an apikey: links and redirects a browser follows, and the OAuth
 * server's public endpoints a third-party client calls (it holds no project key).
 */
function isOpenAuthRoute(method: string, sub: string): boolean {
  if (method === 'GET') return ['/verify', '/authorize', '/callback', '/health', '/oauth/authorize'].includes(sub) || sub.startsWith('/.well-known/');
  return method === 'POST' && (sub === '/oauth/token' || sub === '/oauth/clients/register');
}

const WELL_KNOWN_AS = '/.well-known/oauth-authorization-server';

export function authServices(api: AuthApi, keys: JwtKeys): LocalService[] {
  return [
    {
      prefix: '/auth/v1',
      errors: authErrors,
      async handle({ req, res, path, url }) {
        const sub = path || '/';
        if (!isOpenAuthRoute(req.method ?? 'GET', sub)) {
          const bearer = await readBearer(req, keys);
          if ('missing' in bearer) throw authError(401, 'no_authorization', (noApiKey().body as { message: string }).message);
          if ('invalid' in bearer) throw authError(401, 'no_authorization', bearer.invalid.message);
        }
        await api.handle(req, res, sub, url);
      },
    },
    {
      // RFC 8414 §3: the metadata of issuer <origin>/auth/v1 lives at /.well-known/oauth-authorization-server/auth/v1
      prefix: WELL_KNOWN_AS,
      errors: authErrors,
      async handle({ req, res, path, url }) {
        if (req.method === 'GET' && (path === '' || path === '/auth/v1')) return api.handle(req, res, WELL_KNOWN_AS, url);
        sendJson(res, 404, NO_ROUTE);
      },
    },
  ];
}
