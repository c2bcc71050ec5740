/**
 * Webhook delivery (issue 29, deliverable 6; issue 38): sends due `webhook_outbox` rows to their
 * endpoints, signed by the Standard Webhooks spec. Runtime-neutral (Web APIs only): the hosted Edge
 * Function (index.ts, Deno) and the local backend (supabase/local/webhooks/delivery.ts, Node) run
 * this file; each injects the signer, the DNS resolver and (Node) a transport pinned to the
 * addresses that were checked.
 * Invariants:
 *   * A message is claimed (webhook_outbox_claim: at most one in flight per endpoint, at most a few
 *     per app, skip locked + lease) before it is sent, and its outcome recorded
 *     (webhook_outbox_record) after; nothing is held in the database while an endpoint is waited on.
 *   * A pass never waits for a batch: each send runs on its own, the pass claims again whenever a
 *     send ends or every pollMs, so a slow or dead endpoint delays only its own messages.
 *   * Headers: webhook-id `msg_<outbox id>` (stable across retries: receivers dedupe on it),
 *     webhook-timestamp = the send time in unix seconds, webhook-signature `v1,<base64 HMAC-SHA256
 *     of "{id}.{timestamp}.{body}">`; the body is exactly the bytes signed.
 *   * Destinations (destination.ts): every resolved address public, https only; loopback only
 *     under a local policy. A refused destination is recorded as refused (the endpoint is
 *     disabled). Redirects are never followed (a 3xx is a failed attempt); each send is cut off
 *     after timeoutMs; at most a short, printable excerpt of an answer is kept.
 */
import { checkDestination, type LoopbackPolicy, type Resolver } from './destination.ts';

export type { LoopbackPolicy, Resolver } from './destination.ts';

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
  /**
   * status null: no HTTP answer (refused destination, network error, timeout); refused: the
   * destination may not be called (the message is given up, the endpoint disabled)
   */
  record(id: string, status: number | null, error: string | null, refused?: boolean): Promise<void>;
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
    record: async (id, status, error, refused = false) => {
      await rpc('webhook_outbox_record', { p_id: id, p_status: status, p_error: error, p_refused: refused });
    },
  };
}

/** What a transport answers: the part of a fetch Response the delivery reads. */
export interface Answer {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}

/**
 * Sends one request without following redirects. `addresses` are the checked addresses of the
 * URL's host: a transport that can (Node) connects to them only.
 */
export type Transport = (
  url: URL,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
  addresses: string[],
) => Promise<Answer>;

/** fetch with redirects left unfollowed (it resolves the host again: see the README). */
export const fetchTransport: Transport = (url, init) => fetch(url, { ...init, redirect: 'manual' });

export interface DeliveryOptions {
  store: OutboxStore;
  sign: Signer;
  /** A/AAAA answers of an endpoint's host; every one must be public */
  resolve: Resolver;
  /** default fetchTransport */
  send?: Transport;
  /** loopback endpoints allowed except on these ports (the local backend); default null: none */
  loopback?: LoopbackPolicy | null;
  /** per send; default 10 s */
  timeoutMs?: number;
  /** sends in flight at once in this pass; default 16 */
  concurrency?: number;
  /** how long a claimed message (and its endpoint) stays invisible to other workers; default 60 s (> timeoutMs) */
  leaseSeconds?: number;
  /** while sends are in flight, claim again this often; default 1 s */
  pollMs?: number;
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

/** A short, printable excerpt of a text: control characters out, whitespace folded, capped. */
export function printable(text: string, max = 100): string {
  const flat = text
    .replace(/[\p{Cc}\u2028\u2029\ufffd]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const TEXT_TYPE = /^(text\/[\w.+-]+|application\/([\w.-]+\+)?(json|xml))\s*(;|$)/i;
const EXCERPT_BYTES = 1024;

/** "HTTP 500: <excerpt>": at most the first KiB is read, kept only when it is text. */
async function answerExcerpt(res: Answer): Promise<string> {
  const head = `HTTP ${res.status}`;
  const reader = res.body?.getReader();
  if (!reader) return head;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // an answer cut off mid-body: keep what arrived
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(size, EXCERPT_BYTES));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c.subarray(0, bytes.length - at), at);
    at += Math.min(c.byteLength, bytes.length - at);
  }
  const type = res.headers.get('content-type');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const binary = type ? !TEXT_TYPE.test(type) : text.includes('\ufffd') || text.includes('\u0000');
  if (binary) return `${head} (non-text answer not kept)`;
  const excerpt = printable(text);
  return excerpt ? `${head}: ${excerpt}` : head;
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
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const destination = await checkDestination(msg.url, opts.resolve, opts.loopback ?? null);
  let status: number | null = null;
  let error: string | null = null;
  if (!destination.ok) {
    error = `refused: ${printable(destination.reason, 200)}`;
  } else {
    const req = signedRequest(opts.sign, msg, (opts.now ?? (() => new Date()))(), JSON.stringify(msg.payload));
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
    try {
      const res = await (opts.send ?? fetchTransport)(
        destination.url,
        { method: 'POST', ...req, signal },
        destination.addresses,
      );
      status = res.status;
      if (status >= 300 && status < 400) {
        error = `redirect to ${printable(res.headers.get('location') ?? '?')} not followed`;
        await res.body?.cancel().catch(() => undefined);
      } else if (status < 200 || status > 299) {
        error = await answerExcerpt(res);
      } else {
        await res.body?.cancel().catch(() => undefined);
      }
    } catch (e) {
      error = timeout.aborted
        ? `no answer within ${timeoutMs} ms`
        : opts.signal?.aborted
          ? 'delivery interrupted (worker stopping)'
          : `request failed: ${printable(e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e))}`;
    }
  }
  await opts.store.record(msg.id, status, error, !destination.ok);
  return { id: msg.id, url: msg.url, status, error };
}

/**
 * Claims and sends due messages until none is due and none is in flight, or the budget is spent.
 * Sends run side by side; the pass claims again when one ends and every pollMs meanwhile.
 */
export async function deliverDue(opts: DeliveryOptions): Promise<Attempt[]> {
  const concurrency = opts.concurrency ?? 16;
  const lease = opts.leaseSeconds ?? Math.max(60, Math.ceil(((opts.timeoutMs ?? 10_000) * 2) / 1000));
  const deadline = Date.now() + (opts.budgetMs ?? 50_000);
  const attempts: Attempt[] = [];
  const inFlight = new Set<Promise<void>>();
  const open = () => Date.now() < deadline && !opts.signal?.aborted;
  for (;;) {
    const room = concurrency - inFlight.size;
    if (room > 0 && open()) {
      for (const msg of await opts.store.claim(room, lease)) {
        const sending: Promise<void> = deliverOne(msg, opts)
          .then((a) => void attempts.push(a))
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
    }
    if (inFlight.size === 0) break;
    let tick: ReturnType<typeof setTimeout> | undefined;
    const poll = new Promise<void>((ok) => (tick = setTimeout(ok, opts.pollMs ?? 1000)));
    await Promise.race([...inFlight, poll]);
    clearTimeout(tick);
  }
  return attempts;
}

/**
 * The Edge Function's request handler: only the service role may start a pass (pg_cron + pg_net
 * send it as Bearer); answers what was attempted (ids and statuses, never payloads or secrets).
 */
export async function handleDeliveryRequest(
  req: Request,
  env: {
    supabaseUrl: string;
    serviceRoleKey: string;
    sign: Signer;
    resolve: Resolver;
    send?: Transport;
    /** only for local tests of the handler; the hosted function never passes it */
    loopback?: LoopbackPolicy;
  },
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
    resolve: env.resolve,
    send: env.send,
    loopback: env.loopback ?? null,
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
