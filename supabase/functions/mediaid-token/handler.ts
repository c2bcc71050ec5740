/**
 * mediaid-token: MediaID's OAuth token endpoint (RFC 6749 §3.2), `POST /functions/v1/mediaid-token`.
 * Why it exists: Supabase Auth's own token endpoint would hand the app a platform session JWT,
 * which hosted Auth accepts on /auth/v1/user (password, e-mail), /logout and MFA. Here the app
 * gets opaque MediaID tokens that no Supabase service accepts (migration
 * 20261128900000_mediaid_tokens.sql has the whole argument).
 * Runtime-neutral: Web APIs only; the hosted Edge Function (index.ts) and the local backend run it.
 * Invariants:
 *   * The client authenticates with its MediaID secret (client_secret_post or client_secret_basic);
 *     an unknown, disabled or deleted app, or a wrong secret, is `invalid_client` (401).
 *   * authorization_code: the code, PKCE verifier and redirect URI go to Supabase Auth's token
 *     endpoint with the Supabase client secret only Bucket holds; Auth checks them all. From its
 *     answer only the user and the session id are kept; its tokens are dropped here.
 *   * refresh_token: rotation and reuse detection in SQL (public.mediaid_token_refresh).
 *   * Errors are RFC 6749 §5.2 bodies `{error, error_description}`; answers are `no-store`.
 */
import { jwtClaims } from '../_shared/request.ts';
import { serviceRpc, sha256Hex, type FunctionEnv } from '../_shared/service.ts';

const NO_STORE = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache' };

const oauthJson = (status: number, body: unknown, extra: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...NO_STORE, ...extra } });

const oauthError = (status: number, error: string, description: string, extra: Record<string, string> = {}) =>
  oauthJson(status, { error, error_description: description }, extra);

interface Credentials {
  clientId: string;
  secret: string;
  basic: boolean;
}

/** client_secret_basic (RFC 6749 §2.3.1: each part form-urlencoded) or client_secret_post. */
function credentials(req: Request, params: URLSearchParams): Credentials | null {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (basic) {
    let decoded: string;
    try {
      decoded = atob(basic);
    } catch {
      return null;
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const part = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    try {
      return { clientId: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)), basic: true };
    } catch {
      return null;
    }
  }
  const clientId = params.get('client_id');
  const secret = params.get('client_secret');
  return clientId && secret ? { clientId, secret, basic: false } : null;
}

export async function handleMediaIdToken(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method !== 'POST') return oauthError(405, 'invalid_request', 'Use POST with a form body.', { Allow: 'POST' });
  if (!(req.headers.get('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return oauthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const params = new URLSearchParams(await req.text());
  const creds = credentials(req, params);
  const unauthorized = (why: string) =>
    oauthError(401, 'invalid_client', why, creds?.basic ? { 'WWW-Authenticate': 'Basic realm="MediaID"' } : {});
  if (!creds) return unauthorized('Send client_id and client_secret (client_secret_post or HTTP Basic).');
  const secret = await serviceRpc<string | null>(env, 'mediaid_client_secret', {
    p_client_id: creds.clientId,
    p_secret_hash: await sha256Hex(creds.secret),
  });
  if (!secret.ok) throw new Error(`mediaid_client_secret: HTTP ${secret.status} ${secret.error.message ?? ''}`);
  if (!secret.data) {
    return unauthorized(
      'Unknown client, wrong secret, or the app is disabled. Apps registered before MediaID tokens: regenerate the secret in the developer portal.',
    );
  }

  const grantType = params.get('grant_type');
  if (grantType === 'authorization_code') return exchangeCode(env, creds.clientId, secret.data, params);
  if (grantType === 'refresh_token') {
    const refresh = params.get('refresh_token');
    if (!refresh) return oauthError(400, 'invalid_request', 'refresh_token is required.');
    return tokenAnswer(
      await serviceRpc<Record<string, unknown>>(env, 'mediaid_token_refresh', {
        p_client_id: creds.clientId,
        p_refresh: refresh,
      }),
    );
  }
  if (!grantType) return oauthError(400, 'invalid_request', 'grant_type is required.');
  return oauthError(400, 'unsupported_grant_type', 'Use authorization_code or refresh_token.');
}

async function exchangeCode(
  env: FunctionEnv,
  clientId: string,
  supabaseSecret: string,
  params: URLSearchParams,
): Promise<Response> {
  for (const name of ['code', 'redirect_uri', 'code_verifier']) {
    if (!params.get(name)) return oauthError(400, 'invalid_request', `${name} is required.`);
  }
  const res = await fetch(`${env.SUPABASE_URL}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: { apikey: env.SUPABASE_ANON_KEY, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.get('code')!,
      redirect_uri: params.get('redirect_uri')!,
      code_verifier: params.get('code_verifier')!,
      client_id: clientId,
      client_secret: supabaseSecret,
    }),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    // Auth's verdict on the code, verifier or redirect URI is the app's to see; anything else is ours.
    if (res.status >= 500 || typeof body.error !== 'string') throw new Error(`Auth token exchange: HTTP ${res.status}`);
    return oauthError(400, body.error, String(body.error_description ?? 'The authorization code was refused.'));
  }
  const claims = jwtClaims(String(body.access_token ?? ''));
  if (claims.client_id !== clientId || typeof claims.sub !== 'string' || typeof claims.session_id !== 'string') {
    throw new Error('Auth token exchange: the token names another client or no session');
  }
  return tokenAnswer(
    await serviceRpc<Record<string, unknown>>(env, 'mediaid_token_exchange', {
      p_client_id: clientId,
      p_user: claims.sub,
      p_session: claims.session_id,
    }),
  );
}

function tokenAnswer(r: Awaited<ReturnType<typeof serviceRpc<Record<string, unknown>>>>): Response {
  if (!r.ok) throw new Error(`MediaID token: HTTP ${r.status} ${r.error.message ?? ''}`);
  if (typeof r.data.error === 'string') return oauthJson(400, r.data);
  return oauthJson(200, r.data);
}
