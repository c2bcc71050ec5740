/**
 * register-app: the developer portal's server side. Registers, re-keys and deletes a
 * developer's MediaID app as an OAuth client of Supabase Auth's OAuth 2.1 server.
 * Runtime-neutral: Web APIs only (Request, Response, fetch, crypto.subtle) and ../_shared — the hosted Edge
 * Function (index.ts, Deno) and the local backend (supabase/local/functions) run this same file.
 * Invariants:
 *   * The caller is the user of the bearer token as Auth reports it (GET /auth/v1/user); an app
 *     token (a JWT with client_id) and a user without a developer MediaID are refused before
 *     anything is written.
 *   * Input is validated here before any write; the database checks it again.
 *   * create: the OAuth client first (admin API), then the developer_apps row (service role); if
 *     the row cannot be written the client is deleted — no client exists without its row.
 *   * Two secrets per app: Supabase's client secret stays with Bucket (mediaid_client_secret_store;
 *     only the mediaid-token function uses it), so an app cannot redeem its codes at Supabase for
 *     a platform session; the developer gets a MediaID secret (`mid_sk_…`), returned once and
 *     never stored: the row keeps its SHA-256 hex and last four characters.
 *   * regenerate_secret / delete act only on a row the caller owns.
 */

import { redirectUriProblem } from '../_shared/redirect-uri.ts';
import { jwtClaims, readJson, Refusal } from '../_shared/request.ts';
import { randomSecret, serviceHeaders, serviceRpc, sha256Hex, type FunctionEnv } from '../_shared/service.ts';

export type { FunctionEnv };

/** Bucket's scopes a developer picks at registration. */
export const APP_SCOPES = [
  'media:read',
  'media:write',
  'preferences:read',
  'preferences:write',
  'events:read',
  'events:write',
  'analytics:read',
] as const;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...CORS, 'Content-Type': 'application/json' } });

export interface AppRow {
  id: string;
  owner_id: string;
  name: string;
  description: string | null;
  client_id: string;
  client_secret_last4: string | null;
  redirect_uris: string[];
  scopes: string[];
  status: string;
  created_at: string;
}

export async function handleRegisterApp(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' });
  try {
    const caller = await authenticate(req, env);
    const body = await readJson(req);
    const action = body.action ?? 'create';
    if (action === 'create') return json(201, await create(env, caller, body));
    if (action === 'regenerate_secret') return json(200, await regenerate(env, caller, body));
    if (action === 'delete') return json(200, await remove(env, caller, body));
    throw new Refusal(400, 'invalid_request', "action must be 'create', 'regenerate_secret' or 'delete'.");
  } catch (e) {
    if (e instanceof Refusal) return json(e.status, { error: e.code, message: e.message });
    throw e;
  }
}

// ------------------------------------------------------------------ caller
async function authenticate(req: Request, env: FunctionEnv): Promise<string> {
  const token = /^Bearer (\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (!token) throw new Refusal(401, 'unauthorized', 'Sign in to register an app.');
  // A third-party app's token (client_id claim) is refused whatever else it is; only a refusal
  // rests on these unverified claims — Auth verifies the token next.
  if (jwtClaims(token).client_id !== undefined) {
    throw new Refusal(403, 'app_token', 'A third-party app token cannot register apps.');
  }
  const res = await fetch(`${env.SUPABASE_URL}/auth/v1/user`, {
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Refusal(401, 'unauthorized', 'Sign in to register an app.');
  const user = (await res.json()) as { id?: string };
  if (!user.id) throw new Refusal(401, 'unauthorized', 'Sign in to register an app.');
  const ids = await service<{ id: string }[]>(
    env,
    `/rest/v1/media_ids?select=id&user_uuid=eq.${user.id}&role=eq.developer&_deleted=is.false&limit=1`,
  );
  if (ids.length === 0) throw new Refusal(403, 'not_developer', 'Only a developer can register apps.');
  return user.id;
}

// ------------------------------------------------------------------ validation
interface AppInput {
  name: string;
  description: string | null;
  redirectUris: string[];
  scopes: string[];
}

export function validateAppInput(body: Record<string, unknown>): AppInput {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (name.length < 1 || name.length > 80)
    throw new Refusal(400, 'invalid_request', 'Name must be 1 to 80 characters.');
  const rawDescription = body.description ?? '';
  if (typeof rawDescription !== 'string' || rawDescription.length > 500) {
    throw new Refusal(400, 'invalid_request', 'Description must be at most 500 characters.');
  }
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length < 1 || uris.length > 10) {
    throw new Refusal(400, 'invalid_request', 'Give 1 to 10 redirect URIs.');
  }
  for (const uri of uris) {
    const problem = typeof uri === 'string' ? redirectUriProblem(uri) : 'is not text';
    if (problem) {
      throw new Refusal(
        400,
        'invalid_request',
        `Redirect URI ${JSON.stringify(uri)} ${problem}: give one exact https:// URL (http:// only for localhost), without a fragment.`,
      );
    }
  }
  const scopes = body.scopes;
  if (!Array.isArray(scopes) || scopes.length < 1)
    throw new Refusal(400, 'invalid_request', 'Choose at least one scope.');
  for (const scope of scopes) {
    if (!(APP_SCOPES as readonly unknown[]).includes(scope)) {
      throw new Refusal(400, 'invalid_request', `Unknown scope ${JSON.stringify(scope)}.`);
    }
  }
  return {
    name,
    description: rawDescription.trim() || null,
    redirectUris: [...new Set(uris as string[])],
    scopes: [...new Set(scopes as string[])],
  };
}

// ------------------------------------------------------------------ actions
async function create(env: FunctionEnv, owner: string, body: Record<string, unknown>) {
  const input = validateAppInput(body);
  // Confidential, client_secret_post: Supabase's secret is Bucket's (kept for mediaid-token).
  const client = await admin<{ client_id: string; client_secret: string }>(
    env,
    'POST',
    '/auth/v1/admin/oauth/clients',
    {
      client_name: input.name,
      redirect_uris: input.redirectUris,
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code', 'refresh_token'],
    },
  );
  const secret = randomSecret('mid_sk_');
  try {
    await keepSupabaseSecret(env, client.client_id, client.client_secret);
    const [app] = await service<AppRow[]>(env, '/rest/v1/developer_apps?select=*', 'POST', {
      id: crypto.randomUUID(),
      owner_id: owner,
      name: input.name,
      description: input.description,
      client_id: client.client_id,
      client_secret_hash: await sha256Hex(secret),
      client_secret_last4: secret.slice(-4),
      redirect_uris: input.redirectUris,
      scopes: input.scopes,
      status: 'active',
    });
    return { app: publicRow(app!), client_secret: secret };
  } catch (e) {
    // no orphan: the client exists only with its row
    await fetch(`${env.SUPABASE_URL}/auth/v1/admin/oauth/clients/${client.client_id}`, {
      method: 'DELETE',
      headers: serviceHeaders(env),
    });
    await keepSupabaseSecret(env, client.client_id, null).catch(() => undefined);
    throw e;
  }
}

async function keepSupabaseSecret(env: FunctionEnv, clientId: string, secret: string | null): Promise<void> {
  const r = await serviceRpc<null>(env, 'mediaid_client_secret_store', { p_client_id: clientId, p_secret: secret });
  if (!r.ok) throw new Error(`mediaid_client_secret_store: HTTP ${r.status} ${r.error.message ?? ''}`);
}

async function ownedApp(env: FunctionEnv, owner: string, body: Record<string, unknown>): Promise<AppRow> {
  const id = typeof body.app_id === 'string' && UUID.test(body.app_id) ? body.app_id : null;
  if (!id) throw new Refusal(400, 'invalid_request', 'app_id must be an application id.');
  const rows = await service<AppRow[]>(
    env,
    `/rest/v1/developer_apps?select=*&id=eq.${id}&owner_id=eq.${owner}&_deleted=is.false`,
  );
  if (!rows[0]) throw new Refusal(404, 'not_found', 'Application not found.');
  return rows[0];
}

async function regenerate(env: FunctionEnv, owner: string, body: Record<string, unknown>) {
  const app = await ownedApp(env, owner, body);
  if (!UUID.test(app.client_id)) {
    throw new Refusal(409, 'legacy_app', 'This app was registered before MediaID sign-in existed; register a new one.');
  }
  // Supabase's secret is rotated too (and kept by Bucket): this also moves an app registered
  // before MediaID tokens, whose developer held Supabase's secret, onto them.
  const client = await admin<{ client_secret: string }>(
    env,
    'POST',
    `/auth/v1/admin/oauth/clients/${app.client_id}/regenerate_secret`,
  );
  await keepSupabaseSecret(env, app.client_id, client.client_secret);
  const secret = randomSecret('mid_sk_');
  const [updated] = await service<AppRow[]>(env, `/rest/v1/developer_apps?select=*&id=eq.${app.id}`, 'PATCH', {
    client_secret_hash: await sha256Hex(secret),
    client_secret_last4: secret.slice(-4),
  });
  return { app: publicRow(updated!), client_secret: secret };
}

async function remove(env: FunctionEnv, owner: string, body: Record<string, unknown>) {
  const app = await ownedApp(env, owner, body);
  if (UUID.test(app.client_id)) {
    const res = await fetch(`${env.SUPABASE_URL}/auth/v1/admin/oauth/clients/${app.client_id}`, {
      method: 'DELETE',
      headers: serviceHeaders(env),
    });
    if (!res.ok && res.status !== 404) throw new Error(`OAuth client delete failed: HTTP ${res.status}`);
    await keepSupabaseSecret(env, app.client_id, null);
  }
  const [deleted] = await service<AppRow[]>(env, `/rest/v1/developer_apps?select=*&id=eq.${app.id}`, 'PATCH', {
    _deleted: true,
  });
  return { app: publicRow(deleted!) };
}

// ------------------------------------------------------------------ helpers
function publicRow(row: AppRow): AppRow & Record<string, unknown> {
  const { client_secret_hash: _hash, ...rest } = row as AppRow & { client_secret_hash?: string };
  return rest;
}

async function service<T>(env: FunctionEnv, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${env.SUPABASE_URL}${path}`, {
    method,
    headers: { ...serviceHeaders(env), Prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path.split('?')[0]}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function admin<T>(env: FunctionEnv, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${env.SUPABASE_URL}${path}`, {
    method,
    headers: serviceHeaders(env),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await res.json().catch(() => ({}))) as T & { msg?: string; message?: string };
  if (res.status === 400) {
    // the OAuth server's own validation (e.g. a redirect URI it refuses): the developer's input
    throw new Refusal(400, 'invalid_request', String(payload.msg ?? payload.message ?? 'Invalid registration.'));
  }
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status}`);
  return payload;
}
