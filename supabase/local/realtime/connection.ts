/**
 * One WebSocket client: Phoenix socket semantics (heartbeat, join, leave, unmatched topics),
 * channel lifecycle (token checks at join, on `access_token` and at expiry) and a bounded
 * outgoing queue.
 * Invariants: every send goes through send(), which drops the whole connection once the
 * bytes queued for this client pass the cap — a slow or dead reader never makes the server
 * buffer without bound and never delays anyone else (sends never wait); joins and other client
 * events are counted per second and refused past the limits with Realtime's messages (too
 * many joins disconnects the socket, too many events shuts the channel down), and so are the
 * project's joins and connected sockets (hub quotas); a socket counts
 * for the users it joined as, up to the per-user limit; messages from the
 * client are handled one at a time in arrival order (a join's token check finishes before the
 * next frame is looked at); a closed connection has no channels left in the hub.
 */
import type { WebSocket } from 'ws';
import { checkToken } from './auth';
import { canRead, canWrite } from './authorization';
import { buildSubscriptions, Channel } from './channel';
import { decodeFrame, encodeFrame, reply, type Frame, type Vsn } from './protocol';
import type { Hub } from './hub';
import type { Peer } from './peer';

const MAX_TIMER_MS = 2 ** 31 - 1;

/** Counts events in the current one-second window. */
class PerSecond {
  private windowStart = 0;
  private count = 0;
  constructor(private readonly limit: number) {}
  /** Counts one event; false once the window's limit is passed. */
  take(now = Date.now()): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    return ++this.count <= this.limit;
  }
}

export class Connection implements Peer {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  closed = false;
  private inbox: Promise<void> = Promise.resolve();
  private readonly joins: PerSecond;
  private readonly events: PerSecond;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** the socket's apikey: a channel's token when the join carries none */
    private readonly tenantToken: string,
    private readonly hub: Hub,
    /** who this socket counts for when a join carries no user (anon): its address */
    readonly address: string,
  ) {
    this.joins = new PerSecond(hub.limits.maxJoinsPerSecond);
    this.events = new PerSecond(hub.limits.maxEventsPerSecond);
    ws.on('message', (data: Buffer | Buffer[] | ArrayBuffer, isBinary: boolean) => {
      this.lastSeen = Date.now();
      const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      this.inbox = this.inbox.then(() => this.onFrame(buf, isBinary)).catch((e: unknown) => hub.onError(e));
    });
    ws.on('close', () => this.teardown());
    ws.on('error', () => this.teardown());
  }

  /** Queues a frame (text, or binary for a Buffer); false (and the connection dropped) past the cap. */
  send(frame: string | Buffer): boolean {
    if (this.closed) return false;
    if (this.ws.bufferedAmount + Buffer.byteLength(frame) > this.hub.limits.maxBufferedBytes) {
      this.hub.dropped += 1;
      this.ws.terminate();
      this.teardown();
      return false;
    }
    this.ws.send(frame);
    return true;
  }

  /** Graceful close (server shutdown): a close frame, then the socket ends. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.ws.close(code, reason);
    this.teardown();
  }

  terminate(): void {
    this.ws.terminate();
    this.teardown();
  }

  private teardown(): void {
    if (this.closed) return;
    this.closed = true;
    for (const ch of this.channels.values()) this.hub.removeChannel(this, ch);
    this.channels.clear();
    this.hub.forgetConnection(this);
  }

  private async onFrame(buf: Buffer, isBinary: boolean): Promise<void> {
    if (this.closed) return;
    const f = decodeFrame(buf, isBinary, this.vsn);
    if (!f) return; // Phoenix drops undecodable frames
    if (f.topic === 'phoenix' && f.event === 'heartbeat') {
      this.send(reply(this.vsn, f, 'ok', {}));
      return;
    }
    if (f.event === 'phx_join') return this.join(f);
    const ch = this.channels.get(f.topic);
    if (!ch) {
      this.send(reply(this.vsn, f, 'error', { reason: 'unmatched topic' }));
      return;
    }
    if (f.event !== 'phx_leave' && !this.events.take()) return this.shutdown(ch, 'Too many messages per second');
    switch (f.event) {
      case 'phx_leave':
        this.send(reply(this.vsn, { ...f, joinRef: ch.joinRef }, 'ok', {}));
        this.removeChannel(ch);
        return;
      case 'access_token':
        return this.refreshToken(ch, (f.payload as { access_token?: unknown } | null)?.access_token);
      case 'broadcast':
        if (f.binary) {
          this.send(reply(this.vsn, f, 'error', { reason: 'binary broadcast payloads are not implemented by the local backend' }));
          return;
        }
        if (ch.settings.private) {
          // As Realtime: without the write policy the message is dropped, with no reply.
          ch.canWrite ??= canWrite(this.hub.db, ch.claims, ch.subTopic);
          if (!(await ch.canWrite) || ch.closed) return;
        }
        this.hub.broadcast(this, ch, f.payload);
        if (ch.settings.broadcastAck) this.send(reply(this.vsn, f, 'ok', {}));
        return;
      case 'presence':
        this.send(reply(this.vsn, f, 'error', { reason: 'presence is not implemented by the local backend' }));
        return;
      default:
        return; // Realtime ignores unexpected client events
    }
  }

  private async join(f: Frame): Promise<void> {
    const payload = (f.payload && typeof f.payload === 'object' ? f.payload : {}) as Record<string, unknown>;
    const fail = (reason: string) => this.send(reply(this.vsn, f, 'error', { reason }));
    if (!f.topic.startsWith('realtime:')) return void fail('unmatched topic');
    if (f.topic === 'realtime:') return void fail('TopicNameRequired: You must provide a topic name');
    // As Realtime (limit_max_users, then limit_joins): the project's sockets, then its joins.
    if (!this.hub.projectHasRoom(this)) {
      this.hub.joinsRefused += 1;
      return void fail('ConnectionRateLimitReached: Too many connected users');
    }
    if (this.hub.joins.triggered) this.hub.joinsRefused += 1;
    if (!this.joins.take() || this.hub.joins.triggered) {
      // As Realtime: the join is refused and the whole socket is disconnected.
      fail('ClientJoinRateLimitReached: Too many joins per second');
      return this.close(1008, 'Too many joins per second');
    }
    this.hub.joins.add(1);
    const config = (payload.config && typeof payload.config === 'object' ? payload.config : {}) as Record<string, unknown>;
    const isPrivate = config.private === true;
    const given = payload.access_token ?? payload.user_token;
    const token = typeof given === 'string' && !given.startsWith('sb_') ? given : this.tenantToken;
    const check = await checkToken(this.hub.keys, token);
    if (this.closed) return;
    if (!check.ok) return void fail(`${check.code}: ${check.message}`);
    // the cheap limits before any database work
    if (!this.channels.has(f.topic) && this.channels.size >= this.hub.limits.maxChannelsPerClient) {
      return void fail('ChannelRateLimitReached: Too many channels');
    }
    if (!this.hub.admitConnection(this, check.claims)) {
      return void fail(`ConnectionRateLimitReached: Too many connections for this user (at most ${this.hub.limits.maxConnectionsPerUser})`);
    }
    const subTopic = f.topic.slice('realtime:'.length);
    if (isPrivate && !(await canRead(this.hub.db, check.claims, subTopic))) {
      return void fail(`Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`);
    }
    if (this.closed) return;

    const old = this.channels.get(f.topic);
    if (old) {
      this.send(encodeFrame(this.vsn, { joinRef: old.joinRef, ref: old.joinRef, topic: old.topic, event: 'phx_close', payload: {} }));
      this.removeChannel(old);
    }
    const broadcast = (config.broadcast && typeof config.broadcast === 'object' ? config.broadcast : {}) as Record<string, unknown>;
    const ch = new Channel(f.topic, f.joinRef, token, check.claims, {
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      private: isPrivate,
    });
    if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > 0) {
      try {
        await this.hub.tables.refresh();
      } catch (e) {
        this.hub.onError(e);
        return void fail('Unknown Error on Channel');
      }
      if (this.closed) return;
    }
    const built = buildSubscriptions(config.postgres_changes, this.hub.tables, () => this.hub.nextSubscriptionId());
    ch.subscriptions = built.subscriptions;
    this.channels.set(f.topic, ch);
    this.hub.addChannel(this, ch);
    this.scheduleExpiry(ch, check.exp);
    this.send(reply(this.vsn, f, 'ok', { postgres_changes: built.reply }));
    if (built.error) this.system(ch, 'postgres_changes', 'error', built.error);
    else if (built.subscriptions.length > 0) this.system(ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }

  private async refreshToken(ch: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.startsWith('sb_') || token === ch.token) return;
    const check = await checkToken(this.hub.keys, token);
    if (ch.closed) return;
    if (!check.ok) return this.shutdown(ch, check.message);
    if (ch.settings.private && !(await canRead(this.hub.db, check.claims, ch.subTopic))) {
      if (!ch.closed) this.shutdown(ch, `You no longer have permission to read from this Channel topic: ${ch.subTopic}`);
      return;
    }
    if (ch.closed) return;
    ch.token = token;
    ch.claims = check.claims;
    ch.canWrite = undefined;
    this.hub.claimsChanged(ch);
    this.scheduleExpiry(ch, check.exp);
  }

  private scheduleExpiry(ch: Channel, exp: number): void {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, exp * 1000 - Date.now()) + 5);
    ch.expiryTimer = setTimeout(() => {
      void checkToken(this.hub.keys, ch.token).then((check) => {
        if (ch.closed) return;
        if (!check.ok) this.shutdown(ch, check.message);
        else this.scheduleExpiry(ch, check.exp);
      });
    }, ms);
    ch.expiryTimer.unref();
  }

  /** The hub shuts a channel down (the project's messages quota). */
  shutdownChannel(ch: Channel, message: string): void {
    if (!ch.closed && this.channels.get(ch.topic) === ch) this.shutdown(ch, message);
  }

  /** Realtime's shutdown_response: a `system` error, then the channel closes (phx_close). */
  private shutdown(ch: Channel, message: string): void {
    this.system(ch, 'system', 'error', message);
    this.send(encodeFrame(this.vsn, { joinRef: ch.joinRef, ref: ch.joinRef, topic: ch.topic, event: 'phx_close', payload: {} }));
    this.removeChannel(ch);
  }

  system(ch: Channel, extension: string, status: 'ok' | 'error', message: string): void {
    this.send(encodeFrame(this.vsn, { joinRef: ch.joinRef, ref: null, topic: ch.topic, event: 'system', payload: { extension, status, message, channel: ch.subTopic } }));
  }

  private removeChannel(ch: Channel): void {
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic);
    this.hub.removeChannel(this, ch);
  }
}
