/**
 * The subscriptions to one table and event, for the hub: claim sets counted (what the change
 * feed checks), and each subscription indexed by the value of its first `eq`/`in` filter.
 * Invariants: an entry is in the index under every value of its first plain eq/in, or else in
 * `scan`; `candidates(row)` yields each entry whose indexed value the row carries at most once,
 * then every scanned entry — never the whole bucket for an indexed subscription.
 */
import type { Channel, Subscription } from './channel';
import type { ClaimSet, Row } from './changes';
import type { Peer } from './peer';
import { canonical, indexKeys, type Filter, type Kind } from './filters';

export interface Entry {
  conn: Peer;
  channel: Channel;
  sub: Subscription;
  filters: Filter[];
  claimKey: string;
}

/** The subscriptions to one table and event. */
export class Bucket {
  readonly claims = new Map<string, { set: ClaimSet; n: number }>();
  /** column → its kind and canonical value → subscriptions whose first eq/in names that value */
  readonly index = new Map<string, { kind: Kind; byValue: Map<string, Set<Entry>> }>();
  /** subscriptions without an eq/in filter: compared with every visible row */
  readonly scan = new Set<Entry>();
  size = 0;

  add(e: Entry, set: ClaimSet): void {
    const c = this.claims.get(e.claimKey);
    if (c) c.n++;
    else this.claims.set(e.claimKey, { set, n: 1 });
    this.size++;
    const idx = indexKeys(e.filters);
    if (!idx) return void this.scan.add(e);
    let col = this.index.get(idx.column);
    if (!col) this.index.set(idx.column, (col = { kind: idx.kind, byValue: new Map() }));
    for (const k of idx.keys) {
      let list = col.byValue.get(k);
      if (!list) col.byValue.set(k, (list = new Set()));
      list.add(e);
    }
  }

  remove(e: Entry): void {
    const c = this.claims.get(e.claimKey);
    if (c && --c.n === 0) this.claims.delete(e.claimKey);
    this.size--;
    const idx = indexKeys(e.filters);
    if (!idx) return void this.scan.delete(e);
    const col = this.index.get(idx.column);
    if (!col) return;
    for (const k of idx.keys) {
      const list = col.byValue.get(k);
      list?.delete(e);
      if (list?.size === 0) col.byValue.delete(k);
    }
    if (col.byValue.size === 0) this.index.delete(idx.column);
  }

  /** Subscriptions whose indexed value matches the row (each at most once), then the rest. */
  *candidates(row: Row): Generator<Entry> {
    for (const [column, { kind, byValue }] of this.index) {
      const key = canonical(row[column], kind);
      if (key === undefined) continue;
      const list = byValue.get(key);
      if (list) yield* list;
    }
    yield* this.scan;
  }
}
