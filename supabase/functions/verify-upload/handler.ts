/**
 * verify-upload: the server reads a stored upload's bytes and records whether they are what the
 * object claims to be. Runtime-neutral: Web APIs only — the hosted Edge Function
 * (index.ts, Deno) and the local backend (supabase/local/functions) run this same file.
 * Invariants:
 *   * POST {"path": "<user id>/<file>"} with the artist's access token checks one object of the
 *     caller's own folder in bucket `content`; an app token (client_id claim) is refused.
 *     POST {"sweep": true} with the service role key checks every live row's object that has no
 *     verdict at its current version (existing rows after the migration, rows written before
 *     their check).
 *   * The verdict is recorded only through public.record_upload_check (service role), bound to the
 *     object version read before the bytes: an object rewritten meanwhile is never marked verified.
 *   * content_items.file_verified follows from the recorded verdict in the database; this function
 *     never writes content rows itself.
 */
import { checkStoredBytes } from './check-bytes.ts';
import { jwtClaims, readJson, Refusal } from '../_shared/request.ts';
import { serviceHeaders, type FunctionEnv } from '../_shared/service.ts';

export type { FunctionEnv };

/** Larger objects are refused unread (the local backend stores at most 50 MiB per object). */
export const MAX_CHECKED_BYTES = 200 * 1024 * 1024;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export type UploadVerdict =
  { ok: true; path: string; mime: string; note: string } | { ok: false; path: string; message: string };

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...CORS, 'Content-Type': 'application/json' } });

export async function handleVerifyUpload(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' });
  try {
    const token = /^Bearer (\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
    if (!token) throw new Refusal(401, 'unauthorized', 'Sign in to upload.');
    const body = await readJson(req);
    if (body.sweep === true) {
      if (token !== env.SUPABASE_SERVICE_ROLE_KEY) throw new Refusal(403, 'forbidden', 'Only the server may sweep.');
      return json(200, await sweep(env));
    }
    const path = typeof body.path === 'string' ? body.path : '';
    const userId = await authenticate(token, env);
    if (!path.startsWith(`${userId}/`) || path.length <= userId.length + 1)
      throw new Refusal(403, 'forbidden', 'You can only check files in your own folder.');
    const verdict = await verifyObject(env, path);
    return json(verdict.ok ? 200 : 422, verdict.ok ? verdict : { ...verdict, error: 'refused' });
  } catch (e) {
    if (e instanceof Refusal) return json(e.status, { error: e.code, message: e.message });
    throw e;
  }
}

/** Reads, checks and records one object. Throws a Refusal when it cannot be read or recorded. */
export async function verifyObject(env: FunctionEnv, path: string): Promise<UploadVerdict> {
  const objectUrl = `${env.SUPABASE_URL}/storage/v1/object`;
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const infoRes = await fetch(`${objectUrl}/info/content/${encoded}`, { headers: serviceHeaders(env) });
  if (infoRes.status === 404 || infoRes.status === 400) {
    await infoRes.body?.cancel();
    throw new Refusal(404, 'not_found', 'No stored file at this path: upload it first.');
  }
  if (!infoRes.ok) throw new Error(`storage info answered ${infoRes.status}`);
  const info = (await infoRes.json()) as {
    version?: string | null;
    size?: number | null;
    content_type?: string | null;
  };
  const size = Number(info.size ?? -1);
  let verdict: { ok: true; mime: string; note: string } | { ok: false; note: string };
  if (size > MAX_CHECKED_BYTES) {
    verdict = {
      ok: false,
      note: `it is larger than ${MAX_CHECKED_BYTES / 1024 / 1024} MiB, the most the server checks`,
    };
  } else {
    const res = await fetch(`${objectUrl}/content/${encoded}`, { headers: serviceHeaders(env) });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`storage download answered ${res.status}`);
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    verdict =
      bytes.length !== size
        ? { ok: false, note: `it holds ${bytes.length} bytes, but Storage recorded ${size}` }
        : await checkStoredBytes(bytes, info.content_type ?? '');
  }
  const recorded = await rpc<boolean>(env, 'record_upload_check', {
    p_name: path,
    p_version: info.version ?? '',
    p_ok: verdict.ok,
    p_mime: verdict.ok ? verdict.mime : null,
    p_size: Math.max(size, 0),
    p_note: verdict.note,
  });
  if (recorded !== true) throw new Refusal(409, 'changed', 'The file changed while it was checked. Try again.');
  return verdict.ok
    ? { ok: true, path, mime: verdict.mime, note: verdict.note }
    : { ok: false, path, message: `The server refused this file: ${verdict.note}.` };
}

/** Checks every object a live row names without a verdict at its current version. */
export async function sweep(env: FunctionEnv): Promise<{ checked: number; passed: number; refused: number }> {
  const result = { checked: 0, passed: 0, refused: 0 };
  const seen = new Set<string>();
  for (;;) {
    const rows = await rpc<{ file_path: string }[]>(env, 'unverified_content_objects', { p_limit: 50 });
    const todo = rows.map((row) => row.file_path).filter((path) => !seen.has(path));
    if (todo.length === 0) return result;
    for (const path of todo) {
      seen.add(path);
      try {
        const verdict = await verifyObject(env, path);
        result.checked += 1;
        if (verdict.ok) result.passed += 1;
        else result.refused += 1;
      } catch (e) {
        if (!(e instanceof Refusal)) throw e; // a missing or changing object stays unverified
      }
    }
  }
}

async function authenticate(token: string, env: FunctionEnv): Promise<string> {
  // A third-party app's token (client_id claim) is refused whatever else it is; only a refusal
  // rests on these unverified claims — Auth verifies the token next.
  if (jwtClaims(token).client_id !== undefined)
    throw new Refusal(403, 'app_token', 'A third-party app token cannot upload content.');
  const res = await fetch(`${env.SUPABASE_URL}/auth/v1/user`, {
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` },
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Refusal(401, 'unauthorized', 'Sign in to upload.');
  }
  const user = (await res.json()) as { id?: string };
  if (!user.id) throw new Refusal(401, 'unauthorized', 'Sign in to upload.');
  return user.id;
}

async function rpc<T>(env: FunctionEnv, name: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: serviceHeaders(env),
    body: JSON.stringify(args),
  });
  if (!res.ok) throw new Error(`rpc ${name} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
