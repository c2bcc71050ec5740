/** Realtime's REST broadcast API at /realtime/v1 (the socket is an upgrade, not routed here). */
import type { LocalService, ServiceErrors } from '../http/service';
import { HttpError } from '../http/util';
import type { RestBroadcast } from './rest-broadcast';

const realtimeErrors: ServiceErrors = {
  malformedUrl: (detail) => new HttpError(400, { message: `Malformed URL: ${detail}` }),
  busy: (status, e) => new HttpError(status, { message: e.message }, status === 503 ? { 'Retry-After': '1' } : {}),
  tooLarge: (limit) => new HttpError(413, { message: `Request body too large: at most ${limit} bytes` }),
  internal: (message) => new HttpError(500, { message }),
};

export function realtimeService(api: RestBroadcast): LocalService {
  return {
    prefix: '/realtime/v1',
    errors: realtimeErrors,
    handle: ({ req, res, path, url, ctx }) => api.handle(req, res, path, url, ctx),
  };
}
