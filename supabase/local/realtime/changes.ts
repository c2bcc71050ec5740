/**
 * The change feed: drains the capture queue (_realtime.changes) after commits and decides, per
 * change, which subscribers may see it.
 * Invariants: a drain is one short superuser transaction (bounded batch) that reads and deletes
 * the queued rows and runs ONE visibility call per table for all candidate claim sets — so it
 * never holds PGlite for long and never runs inside a request transaction; at most one drain
 * runs at a time and a NOTIFY during a drain schedules exactly one more; delivery (socket
 * writes) happens after the transaction, never inside it; stop() waits for the running drain.
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

/** What the router wants checked for one change: candidate claim sets (after event/filter matching). */
export interface Candidates<T> {
  claimSets: ClaimSet[];
  /** opaque per-candidate data handed back with the visible ones */
  items: { claimKey: string; item: T }[];
}

export interface Router<T> {
  hasSubscribers(): boolean;
  candidates(change: Change): Candidates<T> | undefined;
  deliver(change: Change, visible: T[]): void;
}

interface QueueRow {
  id: string | number;
  op: Op;
  rel: number;
  new_row: Row | null;
  old_row: Row | null;
  at: Date;
}

export class ChangeFeed<T> {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly tables: PublishedTables,
    private readonly router: Router<T>,
    private readonly onError: (e: unknown) => void,
  ) {}

  async start(): Promise<void> {
    await this.db.pg.exec(readFileSync(CAPTURE_SQL, 'utf8'));
    await this.tables.reload();
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
    const deliveries: { change: Change; visible: T[] }[] = [];
    let drained = 0;
    await this.db.pg.transaction(async (tx) => {
      const { rows } = await tx.query<QueueRow>(
        `delete from _realtime.changes where id in (
           select id from (
             select id, sum(coalesce(octet_length(new_row::text), 0) + coalesce(octet_length(old_row::text), 0)) over (order by id) as upto
               from (select * from _realtime.changes order by id limit ${BATCH}) q
           ) s where s.id = (select min(id) from _realtime.changes) or s.upto <= ${BATCH_BYTES})
         returning id, op, rel::int as rel, new_row, old_row, at`,
      );
      drained = rows.length;
      if (rows.length === 0 || !this.router.hasSubscribers()) return;
      rows.sort((a, b) => Number(a.id) - Number(b.id));

      // Route each change to its candidate subscribers, grouped per table for one check each.
      type Pending = { change: Change; cands: Candidates<T> };
      const perTable = new Map<number, Pending[]>();
      for (const r of rows) {
        const table = this.tables.get(r.rel);
        if (!table) continue;
        const change: Change = { id: Number(r.id), op: r.op, table, newRow: r.new_row, oldRow: r.old_row, at: r.at };
        const cands = this.router.candidates(change);
        if (!cands || cands.items.length === 0) continue;
        const list = perTable.get(table.oid) ?? [];
        list.push({ change, cands });
        perTable.set(table.oid, list);
      }
      for (const [oid, pending] of perTable) {
        const claimIndex = new Map<string, number>();
        const claims: { role: string; claims: Record<string, unknown> }[] = [];
        const wanted = pending.map(({ cands }) =>
          cands.claimSets.map((cs) => {
            let i = claimIndex.get(cs.key);
            if (i === undefined) {
              i = claims.length;
              claimIndex.set(cs.key, i);
              claims.push({ role: cs.role, claims: cs.claims });
            }
            return i;
          }),
        );
        const images = pending.map(({ change }) => (change.op === 'DELETE' ? change.oldRow : change.newRow));
        const { rows: vis } = await tx.query<{ v: number[][] }>(
          'select _realtime.visibility($1::oid::regclass, $2::jsonb, $3::jsonb, $4::jsonb) as v',
          [oid, JSON.stringify(images), JSON.stringify(wanted), JSON.stringify(claims)],
        );
        const result = vis[0]?.v ?? [];
        pending.forEach(({ change, cands }, i) => {
          const ok = new Set(result[i] ?? []);
          const visible = cands.items.filter((x) => ok.has(claimIndex.get(x.claimKey) ?? -1)).map((x) => x.item);
          if (visible.length > 0) deliveries.push({ change, visible });
        });
      }
    });
    for (const d of deliveries) {
      try {
        this.router.deliver(d.change, d.visible);
      } catch (e) {
        this.onError(e);
      }
    }
    return drained > 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
    if (this.unlisten && !this.db.pg.closed) await this.unlisten().catch(() => undefined);
  }
}
