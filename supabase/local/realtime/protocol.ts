/**
 * Phoenix channel frames as @supabase/realtime-js speaks them.
 * vsn 2.0.0 (the default): text frames are JSON arrays `[join_ref, ref, topic, event, payload]`;
 * a client broadcast whose payload has a string `event` arrives as a binary "user broadcast
 * push" (kind 3: header lengths, then join_ref, ref, topic, event, metadata, then the payload as
 * JSON or raw bytes). vsn 1.0.0: JSON objects `{join_ref, ref, topic, event, payload}`.
 * Server → client binary frames are "user broadcasts" (kind 4: topic, event and metadata lengths,
 * payload encoding, then the strings and the payload), which only vsn 2.0.0 clients understand.
 * Invariants: decode never throws (undefined = malformed frame); encode produces exactly one
 * text frame; `rawPayload` lets a pre-serialised JSON payload be spliced in without re-encoding.
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
  /** a broadcast whose user payload was raw bytes (not supported here) */
  binary?: boolean;
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

function decodeBinary(buf: Buffer): Frame | undefined {
  if (buf.length < 7 || buf[0] !== USER_BROADCAST_PUSH) return undefined;
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!, buf[6]!];
  let off = 7;
  const take = (n: number): string => {
    const s = buf.subarray(off, off + n).toString('utf8');
    off += n;
    return s;
  };
  if (buf.length < off + joinRefLen + refLen + topicLen + eventLen + metaLen) return undefined;
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const userEvent = take(eventLen);
  const meta = take(metaLen);
  const body = buf.subarray(off);
  let userPayload: unknown;
  try {
    userPayload = encoding === 1 ? JSON.parse(body.toString('utf8')) : null;
  } catch {
    return undefined;
  }
  const payload: Record<string, unknown> = { type: 'broadcast', event: userEvent, payload: userPayload };
  if (meta) {
    try {
      Object.assign(payload, JSON.parse(meta) as Record<string, unknown>);
    } catch {
      return undefined;
    }
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload, binary: encoding !== 1 };
}

export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame | undefined {
  if (isBinary) return decodeBinary(data);
  let msg: unknown;
  try {
    msg = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(msg) || msg.length !== 5) return undefined;
    const [joinRef, ref, topic, event, payload] = msg as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
    return { joinRef: str(joinRef), ref: str(ref), topic, event, payload };
  }
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return undefined;
  const o = msg as Record<string, unknown>;
  if (typeof o.topic !== 'string' || typeof o.event !== 'string') return undefined;
  return { joinRef: str(o.join_ref), ref: str(o.ref), topic: o.topic, event: o.event, payload: o.payload };
}

/** Encodes a frame; `rawPayload` (already JSON) is used verbatim instead of `payload`. */
export function encodeFrame(vsn: Vsn, f: Frame, rawPayload?: string): string {
  const payload = rawPayload ?? JSON.stringify(f.payload ?? {});
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(f.joinRef)},${JSON.stringify(f.ref)},${JSON.stringify(f.topic)},${JSON.stringify(f.event)},${payload}]`;
  }
  return `{"join_ref":${JSON.stringify(f.joinRef)},"ref":${JSON.stringify(f.ref)},"topic":${JSON.stringify(f.topic)},"event":${JSON.stringify(f.event)},"payload":${payload}}`;
}

export function reply(vsn: Vsn, req: Frame, status: 'ok' | 'error', response: unknown): string {
  return encodeFrame(vsn, { joinRef: req.joinRef, ref: req.ref, topic: req.topic, event: 'phx_reply', payload: { status, response } });
}

/** The longest topic or event a binary frame can name (one length byte each, as Realtime's V2Serializer). */
export const MAX_BINARY_HEADER_FIELD = 255;

/**
 * A binary user broadcast (kind 4) carrying raw bytes, as Realtime's V2Serializer sends it;
 * undefined when the topic or event is too long for its one-byte length.
 */
export function encodeBinaryBroadcast(topic: string, event: string, bytes: Uint8Array): Buffer | undefined {
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(event, 'utf8');
  if (t.length > MAX_BINARY_HEADER_FIELD || e.length > MAX_BINARY_HEADER_FIELD) return undefined;
  // kind, topic length, event length, metadata length (none), payload encoding (0 = binary)
  return Buffer.concat([Buffer.from([USER_BROADCAST, t.length, e.length, 0, 0]), t, e, bytes]);
}
