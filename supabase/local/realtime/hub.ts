/**
 * The hub: every joined channel of every connection, the change router (event/filter matching
 * → candidate claim sets → visible channels) and the fan-out of broadcasts.
 * Invariants: a change reaches a channel only when one of its subscriptions matches AND the
 * change feed has reported the channel's claim set able to SELECT the row; the change payload is
 * serialised once per change and spliced into each channel's frame; broadcast goes only to
 * channels of the same topic (the sender's own only with `self`).
 */
import type { JwtKeys } from '../auth/jwt';
import type { Channel } from './channel';
import type { Candidates, Change, Row, Router } from './changes';
import type { Connection } from './connection';
import { encodeFrame } from './protocol';
import type { PublishedTables } from './tables';

export interface Delivery {
  conn: Connection;
  channel: Channel;
  ids: number[];
}

function pick(row: Row | null, columns: readonly string[]): Row {
  const out: Row = {};
  if (!row) return out;
  for (const c of columns) out[c] = row[c];
  return out;
}

/** The `data` object of a `postgres_changes` message, as Realtime's CDC emits it. */
export function changeData(change: Change): Record<string, unknown> {
  const t = change.table;
  const data: Record<string, unknown> = {
    schema: t.schema,
    table: t.name,
    commit_timestamp: change.at.toISOString(),
    type: change.op,
    columns: t.columns,
    errors: null,
  };
  if (change.op !== 'DELETE') data.record = change.newRow ?? {};
  // Default replica identity: the old image carries only the primary key. RLS tables never
  // expose more than the key of a deleted row (as Realtime: deletes cannot be secured further).
  if (change.op === 'UPDATE') data.old_record = t.replicaFull ? (change.oldRow ?? {}) : pick(change.oldRow, t.primaryKey);
  if (change.op === 'DELETE') data.old_record = t.replicaFull && !t.rls ? (change.oldRow ?? {}) : pick(change.oldRow, t.primaryKey);
  return data;
}

export class Hub implements Router<Delivery> {
  private readonly channels = new Map<Channel, Connection>();
  private subscriptionId = 0;
  /** connections dropped for exceeding the send cap (observable in tests/bench) */
  dropped = 0;

  constructor(
    readonly keys: JwtKeys,
    readonly tables: PublishedTables,
    readonly maxBufferedBytes: number,
    readonly onError: (e: unknown) => void,
  ) {}

  nextSubscriptionId(): number {
    this.subscriptionId = (this.subscriptionId % 2_000_000_000) + 1;
    return this.subscriptionId;
  }

  addChannel(conn: Connection, ch: Channel): void {
    this.channels.set(ch, conn);
  }

  removeChannel(_conn: Connection, ch: Channel): void {
    ch.close();
    this.channels.delete(ch);
  }

  get channelCount(): number {
    return this.channels.size;
  }

  hasSubscribers(): boolean {
    for (const ch of this.channels.keys()) if (ch.subscriptions.length > 0) return true;
    return false;
  }

  candidates(change: Change): Candidates<Delivery> | undefined {
    const claimSets = new Map<string, { key: string; role: string; claims: Record<string, unknown> }>();
    const items: Candidates<Delivery>['items'] = [];
    for (const [channel, conn] of this.channels) {
      if (channel.closed || channel.subscriptions.length === 0) continue;
      const ids = channel.matching(change);
      if (ids.length === 0) continue;
      const key = channel.claimKey;
      if (!claimSets.has(key)) claimSets.set(key, { key, role: channel.claims.role, claims: channel.claims });
      items.push({ claimKey: key, item: { conn, channel, ids } });
    }
    return items.length ? { claimSets: [...claimSets.values()], items } : undefined;
  }

  deliver(change: Change, visible: Delivery[]): void {
    const data = JSON.stringify(changeData(change));
    for (const { conn, channel, ids } of visible) {
      if (channel.closed) continue;
      conn.send(encodeFrame(conn.vsn, { joinRef: null, ref: null, topic: channel.topic, event: 'postgres_changes', payload: null }, `{"ids":${JSON.stringify(ids)},"data":${data}}`));
    }
  }

  broadcast(from: Connection, sender: Channel, payload: unknown): void {
    const body = JSON.stringify(payload ?? {});
    for (const [channel, conn] of this.channels) {
      if (channel.closed || channel.topic !== sender.topic) continue;
      if (channel === sender && !sender.settings.broadcastSelf) continue;
      if (conn === from && channel !== sender) continue;
      conn.send(encodeFrame(conn.vsn, { joinRef: null, ref: null, topic: channel.topic, event: 'broadcast', payload: null }, body));
    }
  }
}
