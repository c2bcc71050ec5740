/**
 * The change feed: drains the capture queue (_realtime.changes) after commits and decides, per
 * change, which subscribers may see it.
 * Invariants: nothing here runs inside a request transaction; each step is one short statement
 * on PGlite — take a bounded batch off the queue (≤ BATCH changes, ≈ BATCH_BYTES), then per
 * table ONE visibility call per chunk of ≤ CLAIMS_PER_TX claim sets, yielding between chunks so
 * requests interleave; at most one drain runs at a time and a NOTIFY during a drain schedules
 * exactly one more; every claim set subscribed to a change's table and event is checked,
 * whatever the subscriptions' filters (authorization before filters: see hub.ts); delivery
 * (socket writes, filter evaluation) happens after the checks, in commit order;
 * stop() waits for the running drain. Visibility is judged on the row version in the change
 * (see capture.sql), so the time between the write and the check never matters.
 */
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database';
import type { PublishedTable, PublishedTables } from './tables';

const CAPTURE_SQL = join(dirname(fileURLToPath(import.meta.url)), 'capture.sql');
/** per drain: at most this many changes, and rows up to about this many bytes (one burst per client) */
const BATCH = 200;
const BATCH_BYTES = 1024 * 1024;
/** claim sets checked per transaction (bounds how long one check holds PGlite) */
const CLAIMS_PER_TX = 40;

export type Op = 'INSERT' | 'UPDATE' | 'DELETE';
export type Row = Record<string, unknown>;

export interface Change {
  id: number;
  op: Op;
  table: PublishedTable;
  newRow: Row | null;
  oldRow: Row | null;
  at: Date;
}

/** A claim set to check visibility with (deduplicated by `key`). */
export interface ClaimSet {
  key: string;
  role: string;
  claims: Record<string, unknown>;
}

export interface Router {
  hasSubscribers(): boolean;
  /** The claim sets subscribed to the change's table and event, chosen without reading the row. */
  claimSets(change: Change): ClaimSet[];
  /** Sends the change to the subscriptions of the claim sets that may see it (filters apply here). */
  deliver(change: Change, visibleKeys: ReadonlySet<string>): void;
  /** A committed realtime.messages row (Broadcast from the database). */
  broadcastFromDatabase(message: Row): void;
}

interface QueueRow {
  id: string | number;
  op: Op;
  rel: number;
  new_row: Row | null;
  old_row: Row | null;
  at: Date;
}

export class ChangeFeed {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;
  private messagesOid = -1;

  constructor(
    private readonly db: Database,
    private readonly tables: PublishedTables,
    private readonly router: Router,
    private readonly onError: (e: unknown) => void,
  ) {}

  async start(): Promise<void> {
    await this.db.pg.exec(readFileSync(CAPTURE_SQL, 'utf8'));
    await this.tables.reload();
    const { rows } = await this.db.query<{ oid: number }>("select 'realtime.messages'::regclass::oid::int as oid");
    this.messagesOid = rows[0]?.oid ?? -1;
    this.unlisten = await this.db.pg.listen('bucket_realtime', () => this.kick());
  }

  /** Schedules a drain (coalesced: one running + at most one pending). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          const more = await this.drainOnce();
          if (more) this.again = true;
          // PGlite resolves through microtasks only: yield so socket writes flush between bursts.
          if (this.again) await new Promise((r) => setImmediate(r));
        } while (this.again && !this.stopped);
      } catch (e) {
        this.onError(e);
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Resolves when the queue has been drained up to now (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drainOnce(): Promise<boolean> {
    if (this.db.pg.closed) return false;
    const { rows } = await this.db.pg.query<QueueRow>(
      `delete from _realtime.changes where id in (
         select id from (
           select id, sum(coalesce(octet_length(new_row::text), 0) + coalesce(octet_length(old_row::text), 0)) over (order by id) as upto
             from (select * from _realtime.changes order by id limit ${BATCH}) q
         ) s where s.id = (select min(id) from _realtime.changes) or s.upto <= ${BATCH_BYTES})
       returning id, op, rel::int as rel, new_row, old_row, at`,
    );
    if (rows.length === 0) return false;
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    // Broadcasts from the database go out in commit order, before the changes of this batch.
    for (const r of rows) {
      if (r.rel !== this.messagesOid || !r.new_row) continue;
      try {
        this.router.broadcastFromDatabase(r.new_row);
      } catch (e) {
        this.onError(e);
      }
    }
    if (!this.router.hasSubscribers()) return true;

    // Each change is checked for every claim set subscribed to its table and event, never
    // narrowed by its filters first: what a filter says about a row must not change the work
    // done for a subscriber who may not read that row. Grouped per table for one check each.
    type Pending = { change: Change; sets: ClaimSet[]; visible: Set<string> };
    const all: Pending[] = [];
    const perTable = new Map<number, Pending[]>();
    for (const r of rows) {
      const table = this.tables.get(r.rel);
      if (!table) continue;
      const change: Change = { id: Number(r.id), op: r.op, table, newRow: r.new_row, oldRow: r.old_row, at: r.at };
      const sets = this.router.claimSets(change);
      if (sets.length === 0) continue;
      const p: Pending = { change, sets, visible: new Set() };
      all.push(p);
      const list = perTable.get(table.oid) ?? [];
      list.push(p);
      perTable.set(table.oid, list);
    }
    for (const [oid, pending] of perTable) {
      // Claim sets sorted by role (a role switch re-plans the RLS query), checked in chunks of
      // separate short transactions with a yield between them, so requests interleave.
      const byKey = new Map<string, ClaimSet>();
      for (const { sets } of pending) for (const cs of sets) byKey.set(cs.key, cs);
      const claimSets = [...byKey.values()].sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));
      const images = pending.map(({ change }) => (change.op === 'DELETE' ? change.oldRow : change.newRow));
      const wantedKeys = pending.map(({ sets }) => new Set(sets.map((cs) => cs.key)));
      for (let from = 0; from < claimSets.length; from += CLAIMS_PER_TX) {
        const chunk = claimSets.slice(from, from + CLAIMS_PER_TX);
        const wanted = wantedKeys.map((keys) => chunk.flatMap((cs, j) => (keys.has(cs.key) ? [j] : [])));
        if (from > 0) await new Promise((r) => setImmediate(r));
        if (this.db.pg.closed) return false;
        const { rows: vis } = await this.db.pg.query<{ v: number[][] }>(
          'select _realtime.visibility($1::oid::regclass, $2::jsonb, $3::jsonb, $4::jsonb) as v',
          [oid, JSON.stringify(images), JSON.stringify(wanted), JSON.stringify(chunk.map((cs) => ({ role: cs.role, claims: cs.claims })))],
        );
        (vis[0]?.v ?? []).forEach((js, i) => {
          for (const j of js) if (chunk[j]) pending[i]!.visible.add(chunk[j].key);
        });
      }
    }
    // Delivery in commit order, after the checks (never inside a transaction).
    for (const p of all) {
      if (p.visible.size === 0) continue;
      try {
        this.router.deliver(p.change, p.visible);
      } catch (e) {
        this.onError(e);
      }
    }
    return true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
    if (this.unlisten && !this.db.pg.closed) await this.unlisten().catch(() => undefined);
  }
}
