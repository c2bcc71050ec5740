/**
 * What the Edge Functions share about talking to the project as the service role: the env hosted
 * gives every function, the service key's headers, a PostgREST RPC call, and SHA-256 hex.
 * Runtime-neutral (Deno, Node).
 */
export interface FunctionEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
}

export function serviceHeaders(env: FunctionEnv): Record<string, string> {
  return {
    apikey: env.SUPABASE_SERVICE_ROLE_KEY,
    Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`,
    'Content-Type': 'application/json',
  };
}

/** PostgREST's error body for a failed RPC. */
export interface RpcError {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

/** `POST /rest/v1/rpc/<fn>` as the service role: the answer, or PostgREST's error with its status. */
export async function serviceRpc<T>(
  env: FunctionEnv,
  fn: string,
  args: Record<string, unknown>,
): Promise<{ ok: true; data: T } | { ok: false; status: number; error: RpcError }> {
  const res = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: serviceHeaders(env),
    body: JSON.stringify(args),
  });
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data: body as T };
  return { ok: false, status: res.status, error: (body ?? {}) as RpcError };
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A secret with 256 random bits, hex, behind a prefix (e.g. `mid_sk_`). */
export function randomSecret(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return prefix + [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
