/**
 * Supabase Realtime on the local backend: the WebSocket endpoint `/realtime/v1/websocket`
 * (Phoenix channels, vsn 1.0.0 and 2.0.0) with `postgres_changes` on the `supabase_realtime`
 * publication, per-subscriber RLS, broadcast, and token checks; the REST broadcast API
 * (`rest`, served by the HTTP server) shares its hub.
 * Invariants: the socket handshake requires a valid apikey (`apikey` query param, as
 * realtime-js sends it) — refused with Realtime's HTTP status and `{ error }`; other upgrade
 * paths are refused with 404; a connection silent for longer than the idle timeout (no
 * heartbeat) is dropped; stop() stops the change feed first (waiting for a running drain),
 * then sends every client a close frame (1001) and terminates whoever has not closed within a
 * second, so the HTTP server can shut down and PGlite can close after it.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { JwtKeys } from '../auth/jwt';
import type { Database } from '../db/database';
import { checkToken, handshakeRefusal } from './auth';
import { ChangeFeed } from './changes';
import { Connection } from './connection';
import { Hub, type QuotaStats } from './hub';
import { DEFAULT_LIMITS, type RealtimeLimits } from './limits';
import { DEFAULT_QUOTA, PLAN_QUOTAS, type RealtimePlan, type RealtimeQuota } from './quota';
import { RestBroadcast } from './rest-broadcast';
import { PublishedTables } from './tables';

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeOptions extends Partial<RealtimeLimits>, Partial<RealtimeQuota> {
  /** drop a client that sent nothing (not even a heartbeat) for this long; default 60 s */
  idleTimeoutMs?: number;
  /** the hosted plan whose per-project quotas apply (default `pro`); explicit numbers win */
  plan?: RealtimePlan;
}

export interface RealtimeStats {
  connections: number;
  channels: number;
  dropped: number;
  quota: QuotaStats;
}

/** The per-project quotas for these options: the plan's, then explicit numbers. */
export function resolveQuota(opts: RealtimeOptions): RealtimeQuota {
  const quota: RealtimeQuota = { ...DEFAULT_QUOTA, ...PLAN_QUOTAS[opts.plan ?? 'pro'] };
  for (const k of Object.keys(DEFAULT_QUOTA) as (keyof RealtimeQuota)[]) if (opts[k] !== undefined) quota[k] = opts[k];
  return quota;
}

export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly connections = new Set<Connection>();
  private readonly hub: Hub;
  private readonly feed: ChangeFeed;
  /** the REST broadcast API, routed by the HTTP server under `/realtime/v1` */
  readonly rest: RestBroadcast;
  private readonly idleMs: number;
  private sweep: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    db: Database,
    private readonly keys: JwtKeys,
    private readonly quiet: boolean,
    opts: RealtimeOptions = {},
  ) {
    const tables = new PublishedTables(db);
    const onError = (e: unknown) => {
      if (!this.quiet) console.error('[local backend] realtime error', e);
    };
    const limits: RealtimeLimits = { ...DEFAULT_LIMITS };
    for (const k of Object.keys(DEFAULT_LIMITS) as (keyof RealtimeLimits)[]) if (opts[k] !== undefined) limits[k] = opts[k];
    this.hub = new Hub(db, keys, tables, limits, resolveQuota(opts), onError);
    this.feed = new ChangeFeed(db, tables, this.hub, onError);
    this.rest = new RestBroadcast(this.hub);
    this.idleMs = opts.idleTimeoutMs ?? 60_000;
  }

  async start(server: Server): Promise<void> {
    await this.feed.start();
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.upgrade(req, socket, head));
    this.sweep = setInterval(() => {
      const cutoff = Date.now() - this.idleMs;
      for (const c of this.connections) if (c.lastSeen < cutoff) c.terminate();
    }, Math.min(this.idleMs, 15_000));
    this.sweep.unref();
  }

  stats(): RealtimeStats {
    return { connections: this.connections.size, channels: this.hub.channelCount, dropped: this.hub.dropped, quota: this.hub.quotaStats() };
  }

  /** Resolves once every change committed so far has been routed (tests). */
  flush(): Promise<void> {
    return this.feed.idle();
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const refuse = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      socket.end(
        `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : status === 503 ? 'Service Unavailable' : 'Unauthorized'}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
      );
    };
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== REALTIME_PATH) return refuse(404, { message: 'no Route matched with those values' });
    if (this.stopping) return refuse(503, { error: 'Realtime is restarting, please standby' });
    const apikey = url.searchParams.get('apikey') ?? (req.headers['x-api-key'] as string | undefined) ?? (req.headers.apikey as string | undefined);
    const check = await checkToken(this.keys, apikey);
    if (!check.ok) {
      const { status, error } = handshakeRefusal(check);
      return refuse(status, { error });
    }
    const vsn = url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
    if (this.stopping || socket.destroyed) return void socket.destroy();
    this.wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const conn = new Connection(ws, vsn, apikey!, this.hub, req.socket.remoteAddress ?? 'unknown');
      this.connections.add(conn);
      ws.on('close', () => this.connections.delete(conn));
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.sweep) clearInterval(this.sweep);
    this.hub.stopQuotas();
    await this.feed.stop();
    const open = [...this.wss.clients];
    for (const c of this.connections) c.close(1001, 'server shutting down');
    await Promise.race([
      Promise.all(open.map((ws) => (ws.readyState === ws.CLOSED ? undefined : new Promise<void>((r) => ws.once('close', () => r()))))),
      new Promise<void>((r) => setTimeout(r, 1000).unref()),
    ]);
    for (const ws of this.wss.clients) ws.terminate();
    this.connections.clear();
    await new Promise<void>((r) => this.wss.close(() => r()));
  }
}
