/**
 * Supabase Realtime's REST broadcast API (supabase/realtime `BroadcastController` +
 * `Tenants.BatchBroadcast`, `BroadcastSingleController` + `Tenants.SingleBroadcast`):
 * - `POST /realtime/v1/api/broadcast` `{ messages: [{ topic, event, payload, private?, id? }] }`,
 *   what realtime-js `send()` uses without a joined socket;
 * - `POST /realtime/v1/api/broadcast/:topic/events/:event[?private=true]` with the payload as the
 *   body (JSON, or raw bytes as `application/octet-stream`), what `httpSend()` uses.
 * Invariants: the caller's JWT (Authorization bearer, else `apikey`) must verify and carry `role`
 * and `exp`, else 401 `{ message: "Unauthorized" }`; a batch is validated whole before anything
 * is sent (422 `{ errors }` in Ecto's shape, nothing delivered); a private message is sent only
 * when realtime.messages' INSERT policy lets the caller write its topic (one check per topic per
 * request) — the batch drops the others silently, the single endpoint answers 403, as Realtime;
 * messages per request and per caller per second, and each payload's size, are bounded
 * (429 / 422 with Realtime's messages), and so is the project's messages quota (quota.ts); delivery is one frame per joined channel of the topic
 * and privacy, no database work per subscriber; accepted requests answer 202 with no body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Claims } from '../auth/jwt';
import { DbBusyError, type RequestContext } from '../db/scheduler';
import { HttpError, JSON_BODY_LIMIT, header, parseJson, readBody, send, sendJson } from '../http/util';
import { checkToken } from './auth';
import { canWrite } from './authorization';
import type { Hub } from './hub';

const BATCH_PATH = '/api/broadcast';
const SINGLE_PATH = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Errors = Record<string, string[]>;

interface Message {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  private: boolean;
  id?: string;
}

const unauthorized = () => new HttpError(401, { message: 'Unauthorized' });
const tooMany = (message: string) => new HttpError(429, { message });

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** Ecto's string cast: strings only; blank (after trimming) counts as missing. */
function castString(v: unknown, field: string, errors: Errors): string | undefined {
  if (v === undefined || v === null) return void (errors[field] = ["can't be blank"]);
  if (typeof v !== 'string') return void (errors[field] = ['is invalid']);
  if (v.trim() === '') return void (errors[field] = ["can't be blank"]);
  return v;
}

function castBoolean(v: unknown, errors: Errors): boolean {
  if (v === undefined || v === null) return false;
  if (v === true || v === 'true' || v === '1') return true;
  if (v === false || v === 'false' || v === '0') return false;
  errors.private = ['is invalid'];
  return false;
}

/** The body's media type: JSON (also when no Content-Type is given), raw bytes, or anything else (not parsed, as Plug.Parsers). */
function mediaType(req: IncomingMessage): 'json' | 'binary' | 'other' {
  const ct = header(req, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  if (!ct || ct === 'application/json' || /^application\/[^/]+\+json$/.test(ct)) return 'json';
  if (ct === 'application/octet-stream') return 'binary';
  return 'other';
}

/** Per caller, messages sent in the current one-second window. */
class CallerRates {
  private readonly windows = new Map<string, { start: number; count: number }>();

  used(key: string, now = Date.now()): number {
    const w = this.windows.get(key);
    return w && now - w.start < 1000 ? w.count : 0;
  }

  add(key: string, n: number, now = Date.now()): void {
    if (n === 0) return;
    const w = this.windows.get(key);
    if (w && now - w.start < 1000) w.count += n;
    else this.windows.set(key, { start: now, count: n });
    // stale windows are forgotten, so the map holds only callers of the last second
    if (this.windows.size > 10_000) for (const [k, v] of this.windows) if (now - v.start >= 1000) this.windows.delete(k);
  }
}

export class RestBroadcast {
  private readonly rates = new CallerRates();

  constructor(private readonly hub: Hub) {}

  private get maxPayloadBytes(): number {
    return this.hub.limits.maxPayloadSizeKb * 1000 + 500;
  }

  /** Handles a request under `/realtime/v1`; `path` is what follows that prefix. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL, ctx: RequestContext): Promise<void> {
    const route = path.replace(/\/+$/, '');
    const single = SINGLE_PATH.exec(route);
    if (req.method !== 'POST' || (route !== BATCH_PATH && !single)) {
      return sendJson(res, 404, { message: 'no Route matched with those values' });
    }
    const media = mediaType(req);
    if (single && media === 'other') {
      return sendJson(res, 415, { error: 'Unsupported Media Type. Use application/json or application/octet-stream' });
    }
    const claims = await this.authenticate(req);
    const caller = typeof claims.sub === 'string' && claims.sub ? `sub:${claims.sub}` : `${claims.role}@${req.socket.remoteAddress ?? '?'}`;
    ctx.caller = caller;
    const body = await readBody(req, JSON_BODY_LIMIT);
    if (single && media !== 'other') {
      const [topic, event] = [decodeURIComponent(single[1]!), decodeURIComponent(single[2]!)];
      await this.single(claims, caller, topic, event, url.searchParams.get('private') === 'true', media, body);
    } else {
      await this.batch(claims, caller, media === 'json' ? this.json(body) : {});
    }
    send(res, 202, null);
  }

  private async authenticate(req: IncomingMessage): Promise<Claims> {
    const authorization = header(req, 'authorization');
    let token = header(req, 'apikey');
    if (authorization) {
      const m = /^bearer\s+(\S+)$/i.exec(authorization.trim());
      if (!m) throw unauthorized();
      token = m[1];
    }
    const check = await checkToken(this.hub.keys, token);
    if (!check.ok) throw unauthorized();
    return check.claims;
  }

  private json(body: Buffer): unknown {
    return parseJson(body, (m) => new HttpError(400, { message: `Could not parse request body as JSON: ${m}` })) ?? {};
  }

  private payloadTooLarge(bytes: number): boolean {
    return bytes > this.maxPayloadBytes;
  }

  private async batch(claims: Claims, caller: string, body: unknown): Promise<void> {
    // a JSON body that is not an object has no `messages` (Phoenix puts it under `_json`)
    const raw = isObject(body) ? body.messages : undefined;
    if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
      throw new HttpError(422, { errors: { messages: ["can't be blank"] } });
    }
    if (!Array.isArray(raw) || !raw.every(isObject)) throw new HttpError(422, { errors: { messages: ['is invalid'] } });
    const messages: Message[] = [];
    const errors: Errors[] = [];
    for (const m of raw) {
      const e: Errors = {};
      const topic = castString(m.topic, 'topic', e);
      const event = castString(m.event, 'event', e);
      let payload: Record<string, unknown> | undefined;
      if (m.payload === undefined || m.payload === null) e.payload = ["can't be blank"];
      else if (!isObject(m.payload)) e.payload = ['is invalid'];
      else if (this.payloadTooLarge(Buffer.byteLength(JSON.stringify(m.payload)))) e.payload = ['Payload size exceeds tenant limit'];
      else payload = m.payload;
      const isPrivate = castBoolean(m.private, e);
      if (m.id !== undefined && m.id !== null && (typeof m.id !== 'string' || !UUID.test(m.id))) e.id = ['is invalid'];
      errors.push(e);
      if (topic !== undefined && event !== undefined && payload !== undefined) {
        messages.push({ topic, event, payload, private: isPrivate, ...(typeof m.id === 'string' ? { id: m.id.toLowerCase() } : {}) });
      }
    }
    if (errors.some((e) => Object.keys(e).length > 0)) throw new HttpError(422, { errors: { messages: errors } });

    // the project's quota first (Realtime's BatchBroadcast.check_rate_limit), then the caller's
    const quota = this.hub.messages;
    if (quota.average > quota.limit) throw tooMany('You have exceeded your rate limit');
    if (messages.length + quota.average > quota.limit) throw tooMany('Too many messages to broadcast, please reduce the batch size');
    const max = this.hub.limits.maxEventsPerSecond;
    const used = this.rates.used(caller);
    if (used > max) throw tooMany('You have exceeded your rate limit');
    if (used + messages.length > max) throw tooMany('Too many messages to broadcast, please reduce the batch size');

    let sent = 0;
    const publish = (m: Message) => {
      this.hub.publish(m.topic, m.private, m.event, m.payload, m.id === undefined ? undefined : { id: m.id });
      sent++;
    };
    messages.filter((m) => !m.private).forEach(publish);
    const byTopic = new Map<string, Message[]>();
    for (const m of messages) if (m.private) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    for (const [topic, list] of byTopic) {
      // as Realtime: private messages the caller may not write are dropped without an error
      if (await canWrite(this.hub.db, claims, topic)) list.forEach(publish);
    }
    this.rates.add(caller, sent);
  }

  private async single(claims: Claims, caller: string, topic: string, event: string, isPrivate: boolean, media: 'json' | 'binary', body: Buffer): Promise<void> {
    const errors: Errors = {};
    castString(topic, 'topic', errors);
    castString(event, 'event', errors);
    let payload: unknown;
    if (media === 'json') {
      const parsed = this.json(body);
      // Phoenix's JSON parser keeps a non-object body under `_json`
      payload = isObject(parsed) ? parsed : { _json: parsed };
      if (this.payloadTooLarge(Buffer.byteLength(JSON.stringify(payload)))) errors.payload = ['Payload size exceeds tenant limit'];
    } else if (this.payloadTooLarge(body.length)) {
      errors.payload = ['Payload size exceeds tenant limit'];
    }
    if (Object.keys(errors).length > 0) throw new HttpError(422, { errors });

    if (this.hub.messages.triggered || this.rates.used(caller) >= this.hub.limits.maxEventsPerSecond) {
      throw tooMany('You have exceeded your rate limit');
    }
    if (isPrivate) {
      let allowed: boolean;
      try {
        allowed = await canWrite(this.hub.db, claims, topic, 'throw');
      } catch (e) {
        if (e instanceof DbBusyError && (e.kind === 'queue-full' || e.kind === 'queue-timeout')) throw tooMany('Connection pool exhausted');
        throw e;
      }
      if (!allowed) throw new HttpError(403, { message: 'Unauthorized' });
    }
    if (media === 'json') this.hub.publish(topic, isPrivate, event, payload);
    else this.hub.publishBinary(topic, isPrivate, event, body);
    this.rates.add(caller, 1);
  }
}
