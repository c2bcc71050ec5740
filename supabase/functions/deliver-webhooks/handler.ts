/**
 * Webhook delivery (issue 29, deliverable 6): sends due `webhook_outbox` rows to their endpoints,
 * signed by the Standard Webhooks spec. Runtime-neutral (Web APIs only): the hosted Edge Function
 * (index.ts, Deno) and the local backend (supabase/local/webhooks/delivery.ts, Node) run this file;
 * each injects the signer, since their import specifiers for `standardwebhooks` differ.
 * Invariants:
 *   * A message is claimed (webhook_outbox_claim: skip locked + lease) before it is sent, and its
 *     outcome recorded (webhook_outbox_record) after; nothing is held in the database while an
 *     endpoint is waited on, so a slow endpoint delays only its own message.
 *   * Headers: webhook-id `msg_<outbox id>` (stable across retries: receivers dedupe on it),
 *     webhook-timestamp = the send time in unix seconds, webhook-signature `v1,<base64 HMAC-SHA256
 *     of "{id}.{timestamp}.{body}">`; the body is exactly the bytes signed.
 *   * Only https endpoints, or plain http to a loopback host when allowLoopback (the local
 *     backend; the table's URL check is the same); redirects are never followed (a 3xx is a
 *     failed attempt); each send is cut off after timeoutMs.
 */

/** Returns the `webhook-signature` value: `v1,<base64>` (standardwebhooks' Webhook#sign). */
export type Signer = (secret: string, msgId: string, at: Date, body: string) => string;

export interface OutboxMessage {
  id: string;
  webhook_id: string;
  url: string;
  secret: string;
  event_type: string;
  payload: unknown;
  attempts: number;
  created_at: string;
}

/** The outbox as a worker sees it: the two service-role functions of the migration. */
export interface OutboxStore {
  claim(limit: number, leaseSeconds: number): Promise<OutboxMessage[]>;
  /** status null: no HTTP answer (refused URL, network error, timeout) */
  record(id: string, status: number | null, error: string | null): Promise<void>;
}

/** The outbox through PostgREST (`/rest/v1/rpc/…`) with the service-role key. */
export function restOutbox(supabaseUrl: string, serviceRoleKey: string, fetchFn: typeof fetch = fetch): OutboxStore {
  const rpc = async (fn: string, args: Record<string, unknown>): Promise<unknown> => {
    const res = await fetchFn(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: serviceRoleKey,
        authorization: `Bearer ${serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${fn} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    claim: async (limit, leaseSeconds) =>
      (await rpc('webhook_outbox_claim', { p_limit: limit, p_lease_seconds: leaseSeconds })) as OutboxMessage[],
    record: async (id, status, error) => {
      await rpc('webhook_outbox_record', { p_id: id, p_status: status, p_error: error });
    },
  };
}

export interface DeliveryOptions {
  store: OutboxStore;
  sign: Signer;
  fetch?: typeof fetch;
  /** per send; default 10 s */
  timeoutMs?: number;
  /** messages claimed per round; default 10 */
  batch?: number;
  /** how long a claimed message stays invisible to other workers; default 60 s (> timeoutMs) */
  leaseSeconds?: number;
  /** plain http to localhost / 127.0.0.1 / [::1] (the local backend); default false */
  allowLoopback?: boolean;
  /** stop claiming more after this long (a pass of the hosted function); default 50 s */
  budgetMs?: number;
  /** aborts in-flight sends (the local backend stopping) */
  signal?: AbortSignal;
  now?: () => Date;
}

export interface Attempt {
  id: string;
  url: string;
  status: number | null;
  error: string | null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why this endpoint must not be called, or null. */
export function endpointRefusal(url: string, allowLoopback: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  if (u.username || u.password) return 'URLs with credentials are refused';
  const loopback = LOOPBACK.has(u.hostname);
  if (u.protocol === 'https:') return loopback && !allowLoopback ? 'loopback endpoints are refused here' : null;
  if (u.protocol === 'http:' && loopback && allowLoopback) return null;
  return 'only https endpoints (or http to a loopback host locally) are called';
}

/** The signed request of one message at `at` (the bytes sent are the bytes signed). */
export function signedRequest(
  sign: Signer,
  msg: Pick<OutboxMessage, 'id' | 'secret'>,
  at: Date,
  body: string,
): { headers: Record<string, string>; body: string } {
  const msgId = `msg_${msg.id}`;
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Bucket-Webhooks/1',
      'webhook-id': msgId,
      'webhook-timestamp': String(seconds),
      'webhook-signature': sign(msg.secret, msgId, new Date(seconds * 1000), body),
    },
    body,
  };
}

/** Sends one claimed message and records the outcome. */
export async function deliverOne(msg: OutboxMessage, opts: DeliveryOptions): Promise<Attempt> {
  const refusal = endpointRefusal(msg.url, opts.allowLoopback ?? false);
  let status: number | null = null;
  let error: string | null = refusal;
  if (!refusal) {
    const req = signedRequest(opts.sign, msg, (opts.now ?? (() => new Date()))(), JSON.stringify(msg.payload));
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
    try {
      const res = await (opts.fetch ?? fetch)(msg.url, { method: 'POST', ...req, redirect: 'manual', signal });
      status = res.status;
      if (status >= 300 && status < 400) {
        error = `redirect to ${res.headers.get('location') ?? '?'} not followed`;
      } else if (status < 200 || status > 299) {
        error = `HTTP ${status}: ${(await res.text().catch(() => '')).slice(0, 200)}`;
      }
      if (!res.bodyUsed) await res.body?.cancel().catch(() => undefined);
    } catch (e) {
      error = timeout.aborted
        ? `no answer within ${opts.timeoutMs ?? 10_000} ms`
        : opts.signal?.aborted
          ? 'delivery interrupted (worker stopping)'
          : `request failed: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`;
    }
  }
  await opts.store.record(msg.id, status, error);
  return { id: msg.id, url: msg.url, status, error };
}

/** Claims and sends due messages, round after round, until none is due or the budget is spent. */
export async function deliverDue(opts: DeliveryOptions): Promise<Attempt[]> {
  const batch = opts.batch ?? 10;
  const deadline = Date.now() + (opts.budgetMs ?? 50_000);
  const attempts: Attempt[] = [];
  while (Date.now() < deadline && !opts.signal?.aborted) {
    const due = await opts.store.claim(batch, opts.leaseSeconds ?? 60);
    attempts.push(...(await Promise.all(due.map((m) => deliverOne(m, opts)))));
    if (due.length < batch) break;
  }
  return attempts;
}

/**
 * The Edge Function's request handler: only the service role may start a pass (pg_cron + pg_net
 * send it as Bearer); answers what was attempted (ids and statuses, never payloads or secrets).
 */
export async function handleDeliveryRequest(
  req: Request,
  env: { supabaseUrl: string; serviceRoleKey: string; sign: Signer; allowLoopback?: boolean },
): Promise<Response> {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'POST to run a delivery pass' });
  const bearer = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!sameText(bearer, env.serviceRoleKey)) {
    return json(401, { error: 'unauthorized', message: 'Only the service role starts webhook delivery.' });
  }
  const attempts = await deliverDue({
    store: restOutbox(env.supabaseUrl, env.serviceRoleKey),
    sign: env.sign,
    allowLoopback: env.allowLoopback ?? false,
  });
  return json(200, {
    attempted: attempts.length,
    delivered: attempts.filter((a) => a.status !== null && a.status >= 200 && a.status < 300).length,
    attempts: attempts.map(({ id, status, error }) => ({ id, status, error })),
  });
}

/** Constant-time comparison of two strings (no early exit on the first difference). */
function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0 && b.length > 0;
}
