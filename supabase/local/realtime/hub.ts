/**
 * The hub: every joined channel of every connection, the change router and the fan-out of
 * broadcasts (a change's payload: change-payload.ts; per-socket bounds: limits.ts).
 * Invariants: authorization first, filters after — for a change, the feed is given the claim
 * sets of every channel subscribed to its table and event, chosen without reading the row, and
 * only subscriptions whose claim set may SELECT the row are ever compared with it, so a row a
 * subscriber may not read costs the same whatever its filters say; subscriptions are indexed
 * per (table, event) and by the value of their first `eq`/`in` filter, so one change is compared
 * with the subscriptions that can match it, not with every subscriber; the change payload is
 * serialised once per change and spliced into each channel's frame; broadcast goes only to
 * channels of the same topic and privacy (the sender's own only with `self`), found through a
 * topic index — so a message from the database to N listeners of a topic costs N socket writes;
 * the project's quotas (quota.ts) count every broadcast sent and every channel it reaches, as
 * hosted Realtime does: while the messages average is over the limit a message from the database
 * is dropped before any delivery, and a channel that still receives a broadcast is shut down
 * with Realtime's `system` error.
 */
import type { JwtKeys } from '../auth/jwt';
import type { Database } from '../db/database';
import type { Channel } from './channel';
import type { Change, ClaimSet, Row, Router } from './changes';
import { changeData } from './change-payload';
import type { RealtimeLimits } from './limits';
import type { Peer } from './peer';
import { matchesFilters } from './filters';
import { encodeBinaryBroadcast, encodeFrame } from './protocol';
import { ProjectRate, type RealtimeQuota, type RateStats } from './quota';
import type { PublishedTables } from './tables';
import { Bucket, type Entry } from './subscription-index';

const OPS = ['INSERT', 'UPDATE', 'DELETE'] as const;

export interface QuotaStats {
  messages: RateStats;
  joins: RateStats;
  /** messages from the database dropped while the messages quota was triggered */
  droppedFromDatabase: number;
  /** channels shut down for receiving a message while it was triggered */
  shutDown: number;
  /** joins refused for the project's joins or connections quota */
  joinsRefused: number;
}

export class Hub implements Router {
  private readonly channels = new Map<Channel, Peer>();
  /** sockets holding (or having held) a channel: the project's concurrent connections */
  private readonly connected = new Set<Peer>();
  /** the project's messages per second, counted on send and on delivery */
  readonly messages: ProjectRate;
  /** the project's channel joins per second */
  readonly joins: ProjectRate;
  private droppedFromDatabase = 0;
  private shutDown = 0;
  /** joins refused for the project's joins or connections quota (counted by the connection) */
  joinsRefused = 0;
  private readonly byTopic = new Map<string, Set<Channel>>();
  private readonly buckets = new Map<string, Bucket>();
  private readonly entries = new Map<Channel, { bucket: Bucket; entry: Entry }[]>();
  /** user key → its sockets, and each socket's keys */
  private readonly sockets = new Map<string, Set<Peer>>();
  private readonly keysOf = new Map<Peer, Set<string>>();
  private subscriptionId = 0;
  /** connections dropped for exceeding the send cap (observable in tests/bench) */
  dropped = 0;

  constructor(
    readonly db: Database,
    readonly keys: JwtKeys,
    readonly tables: PublishedTables,
    readonly limits: RealtimeLimits,
    readonly quota: RealtimeQuota,
    readonly onError: (e: unknown) => void,
  ) {
    this.messages = new ProjectRate(quota.messagesPerSecond, quota.quotaTickMs, quota.quotaBuckets);
    this.joins = new ProjectRate(quota.joinsPerSecond, quota.quotaTickMs, quota.quotaBuckets);
  }

  quotaStats(): QuotaStats {
    return { messages: this.messages.snapshot(), joins: this.joins.snapshot(), droppedFromDatabase: this.droppedFromDatabase, shutDown: this.shutDown, joinsRefused: this.joinsRefused };
  }

  stopQuotas(): void {
    this.messages.stop();
    this.joins.stop();
  }

  /** Whether `conn` may join: already counted, or the project holds fewer sockets than its quota. */
  projectHasRoom(conn: Peer): boolean {
    return this.connected.has(conn) || this.connected.size < this.quota.concurrentConnections;
  }

  /** Counts `conn` for the user of `claims`; false when that user already holds the most sockets. */
  admitConnection(conn: Peer, claims: { sub?: unknown }): boolean {
    const key = typeof claims.sub === 'string' && claims.sub !== '' ? `user:${claims.sub}` : `address:${conn.address}`;
    let set = this.sockets.get(key);
    if (set?.has(conn)) return true;
    if (set && set.size >= this.limits.maxConnectionsPerUser) return false;
    if (!set) this.sockets.set(key, (set = new Set()));
    set.add(conn);
    let mine = this.keysOf.get(conn);
    if (!mine) this.keysOf.set(conn, (mine = new Set()));
    mine.add(key);
    return true;
  }

  forgetConnection(conn: Peer): void {
    this.connected.delete(conn);
    for (const key of this.keysOf.get(conn) ?? []) {
      const set = this.sockets.get(key);
      set?.delete(conn);
      if (set?.size === 0) this.sockets.delete(key);
    }
    this.keysOf.delete(conn);
  }

  nextSubscriptionId(): number {
    this.subscriptionId = (this.subscriptionId % 2_000_000_000) + 1;
    return this.subscriptionId;
  }

  addChannel(conn: Peer, ch: Channel): void {
    this.connected.add(conn); // as Realtime's UsersCounter: counted from its first join until it closes
    this.channels.set(ch, conn);
    let topic = this.byTopic.get(ch.topicKey);
    if (!topic) this.byTopic.set(ch.topicKey, (topic = new Set()));
    topic.add(ch);
    this.register(conn, ch);
  }

  removeChannel(_conn: Peer, ch: Channel): void {
    ch.close();
    this.unregister(ch);
    this.channels.delete(ch);
    const topic = this.byTopic.get(ch.topicKey);
    topic?.delete(ch);
    if (topic?.size === 0) this.byTopic.delete(ch.topicKey);
  }

  /** The channel's token changed: its subscriptions move to the new claim set. */
  claimsChanged(ch: Channel): void {
    const conn = this.channels.get(ch);
    if (!conn) return;
    this.unregister(ch);
    this.register(conn, ch);
  }

  private register(conn: Peer, ch: Channel): void {
    const list: { bucket: Bucket; entry: Entry }[] = [];
    const set: ClaimSet = { key: ch.claimKey, role: ch.claims.role, claims: ch.claims };
    for (const sub of ch.subscriptions) {
      for (const [oid, filters] of sub.tables) {
        const entry: Entry = { conn, channel: ch, sub, filters, claimKey: set.key };
        for (const op of OPS) {
          if (sub.action !== '*' && sub.action !== op) continue;
          const key = `${oid}:${op}`;
          let bucket = this.buckets.get(key);
          if (!bucket) this.buckets.set(key, (bucket = new Bucket()));
          bucket.add(entry, set);
          list.push({ bucket, entry });
        }
      }
    }
    if (list.length) this.entries.set(ch, list);
  }

  private unregister(ch: Channel): void {
    for (const { bucket, entry } of this.entries.get(ch) ?? []) bucket.remove(entry);
    this.entries.delete(ch);
    for (const [key, bucket] of this.buckets) if (bucket.size === 0) this.buckets.delete(key);
  }

  get channelCount(): number {
    return this.channels.size;
  }

  hasSubscribers(): boolean {
    return this.buckets.size > 0;
  }

  claimSets(change: Change): ClaimSet[] {
    const bucket = this.buckets.get(`${change.table.oid}:${change.op}`);
    return bucket ? [...bucket.claims.values()].map((c) => c.set) : [];
  }

  deliver(change: Change, visible: ReadonlySet<string>): void {
    const bucket = this.buckets.get(`${change.table.oid}:${change.op}`);
    const row = change.op === 'DELETE' ? change.oldRow : change.newRow;
    if (!bucket || !row || visible.size === 0) return;
    const hits = new Map<Channel, { conn: Peer; ids: number[] }>();
    for (const e of bucket.candidates(row)) {
      if (!visible.has(e.claimKey) || e.channel.closed || !matchesFilters(e.filters, row)) continue;
      const hit = hits.get(e.channel);
      if (hit) hit.ids.push(e.sub.id);
      else hits.set(e.channel, { conn: e.conn, ids: [e.sub.id] });
    }
    if (hits.size === 0) return;
    const data = JSON.stringify(changeData(change));
    for (const [channel, { conn, ids }] of hits) {
      if (channel.closed) continue;
      ids.sort((a, b) => a - b);
      conn.send(encodeFrame(conn.vsn, { joinRef: null, ref: null, topic: channel.topic, event: 'postgres_changes', payload: null }, `{"ids":${JSON.stringify(ids)},"data":${data}}`));
    }
  }

  /** A Broadcast message sent from the database (realtime.send), private unless it says otherwise. */
  broadcastFromDatabase(message: Row): void {
    if (message.extension !== 'broadcast' || typeof message.topic !== 'string') return;
    // As Realtime's ReplicationConnection: over the quota the message is dropped (and only logged).
    if (this.messages.triggered) {
      this.droppedFromDatabase += 1;
      return;
    }
    this.publish(message.topic, message.private !== false, message.event ?? null, message.payload ?? {});
  }

  private listeners(topic: string, isPrivate: boolean): [Channel, Peer][] {
    const out: [Channel, Peer][] = [];
    for (const channel of this.byTopic.get(`${isPrivate ? 'private' : 'public'}:realtime:${topic}`) ?? []) {
      const conn = this.channels.get(channel);
      if (!channel.closed && conn) out.push([channel, conn]);
    }
    return out;
  }

  /**
   * A message from outside any socket (database, REST API): one frame per channel joined to
   * `topic` with that privacy; no database work per subscriber. Returns the channels reached.
   */
  publish(topic: string, isPrivate: boolean, event: unknown, payload: unknown, meta?: Record<string, unknown>): number {
    this.messages.add(1);
    const listeners = this.listeners(topic, isPrivate);
    if (listeners.length === 0) return 0;
    const body = JSON.stringify(meta ? { type: 'broadcast', event, payload, meta } : { type: 'broadcast', event, payload });
    for (const [channel, conn] of listeners) {
      this.deliver1(channel, conn, encodeFrame(conn.vsn, { joinRef: null, ref: null, topic: channel.topic, event: 'broadcast', payload: null }, body));
    }
    return listeners.length;
  }

  /**
   * One broadcast frame to one channel, counted on delivery; as Realtime's channel on
   * `:update_rate_counter`, a channel reached while the quota is triggered is shut down after it.
   */
  private deliver1(channel: Channel, conn: Peer, frame: string | Buffer): boolean {
    const sent = conn.send(frame);
    this.messages.add(1);
    if (sent && this.messages.triggered && !channel.closed) {
      this.shutDown += 1;
      conn.shutdownChannel(channel, 'Too many messages per second');
    }
    return sent;
  }

  /** Raw bytes to the vsn 2.0.0 channels of `topic` (Realtime cannot convert them for 1.0.0 sockets either). */
  publishBinary(topic: string, isPrivate: boolean, event: string, bytes: Uint8Array): number {
    let reached = 0;
    this.messages.add(1);
    for (const [channel, conn] of this.listeners(topic, isPrivate)) {
      if (conn.vsn !== '2.0.0') continue;
      const frame = encodeBinaryBroadcast(channel.topic, event, bytes);
      if (frame && this.deliver1(channel, conn, frame)) reached++;
    }
    return reached;
  }

  broadcast(from: Peer, sender: Channel, payload: unknown): void {
    const body = JSON.stringify(payload ?? {});
    this.messages.add(1);
    // collected first: a delivery may shut its channel down (and take it out of the index)
    for (const channel of [...(this.byTopic.get(sender.topicKey) ?? [])]) {
      if (channel.closed) continue;
      if (channel === sender && !sender.settings.broadcastSelf) continue;
      const conn = this.channels.get(channel);
      if (!conn || (conn === from && channel !== sender)) continue;
      this.deliver1(channel, conn, encodeFrame(conn.vsn, { joinRef: null, ref: null, topic: channel.topic, event: 'broadcast', payload: null }, body));
    }
  }
}
