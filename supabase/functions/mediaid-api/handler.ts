/**
 * mediaid-api: the MediaID API as a resource server, `/functions/v1/mediaid-api/v1/…`, for apps
 * holding a MediaID access token (from mediaid-token). The spec's calls at their own paths:
 *   GET /v1/users/me · GET|PUT /v1/preferences · POST /v1/events · GET /v1/analytics
 * Runtime-neutral: Web APIs only; the hosted Edge Function (index.ts) and the local backend run it.
 * Invariants:
 *   * The token is looked up, never trusted: public.mediaid_call checks it (hash, expiry,
 *     revocation), its sign-in's Auth session and the live grant and scope on every call, in one
 *     transaction with the call (a revoke that committed first refuses it).
 *   * Errors are RFC 6750 §3: 401 `invalid_token` (with `WWW-Authenticate: Bearer …`), 403
 *     `insufficient_scope` (naming the scope), 400 `invalid_request`; body `{error, error_description}`.
 *   * Nothing but the answer of the call leaves: no Supabase session, no other row.
 */
import { serviceRpc, type FunctionEnv } from '../_shared/service.ts';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, content-type',
  'Access-Control-Allow-Methods': 'GET, PUT, POST, OPTIONS',
};

const ROUTES: Record<string, Partial<Record<'GET' | 'PUT' | 'POST', string>>> = {
  '/v1/users/me': { GET: 'users_me' },
  '/v1/preferences': { GET: 'get_preferences', PUT: 'put_preferences' },
  '/v1/events': { POST: 'post_event' },
  '/v1/analytics': { GET: 'get_analytics' },
};

const json = (status: number, body: unknown, extra: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS, 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...extra },
  });

const quoted = (s: string) => s.replace(/["\\]/g, '');

function refusal(error: string, description: string, scope?: string): Response {
  const status = error === 'invalid_token' ? 401 : error === 'insufficient_scope' ? 403 : 400;
  const challenge = [`Bearer realm="MediaID"`, `error="${error}"`, `error_description="${quoted(description)}"`];
  if (scope) challenge.push(`scope="${quoted(scope)}"`);
  return json(
    status,
    { error, error_description: description, ...(scope ? { scope } : {}) },
    {
      'WWW-Authenticate': challenge.join(', '),
    },
  );
}

export async function handleMediaIdApi(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS });
  const path = new URL(req.url).pathname.replace(/^.*?\/mediaid-api(?=\/|$)/, '').replace(/\/+$/, '');
  const route = Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
  if (!route) return json(404, { error: 'not_found', error_description: `No MediaID API call at ${path || '/'}.` });
  const call = route[req.method as 'GET' | 'PUT' | 'POST'];
  if (!call) {
    return json(
      405,
      { error: 'method_not_allowed', error_description: `${path} answers ${Object.keys(route).join(', ')}.` },
      { Allow: Object.keys(route).join(', ') },
    );
  }
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (!token) {
    return json(
      401,
      { error: 'invalid_token', error_description: 'Send a MediaID access token: Authorization: Bearer <token>.' },
      { 'WWW-Authenticate': 'Bearer realm="MediaID"' },
    );
  }
  let body: unknown = {};
  if (req.method !== 'GET') {
    try {
      body = await req.json();
    } catch {
      return refusal('invalid_request', 'The body must be a JSON object.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return refusal('invalid_request', 'The body must be a JSON object.');
    }
  }
  const r = await serviceRpc<unknown>(env, 'mediaid_call', { p_token: token, p_call: call, p_body: body });
  if (r.ok) return json(200, r.data);
  const { message, details, hint } = r.error;
  if (message === 'invalid_token' || message === 'insufficient_scope' || message === 'invalid_request') {
    return refusal(message, details ?? message, message === 'insufficient_scope' ? (hint ?? undefined) : undefined);
  }
  throw new Error(`mediaid_call ${call}: HTTP ${r.status} ${message ?? ''}`);
}
