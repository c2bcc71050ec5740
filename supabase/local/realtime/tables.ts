/**
 * The tables of the `supabase_realtime` publication, with what the Realtime payload needs:
 * columns and their type names (realtime-js converts values by them), primary key, RLS flag,
 * replica identity.
 * Invariants: read with superuser queries outside any request transaction; reload() replaces
 * the whole map atomically, so a reader never sees a half-loaded catalog.
 */
import type { Database } from '../db/database';

export interface PublishedTable {
  oid: number;
  schema: string;
  name: string;
  columns: { name: string; type: string }[];
  types: Map<string, string>;
  columnNames: Set<string>;
  primaryKey: string[];
  rls: boolean;
  /** REPLICA IDENTITY FULL: UPDATE carries the whole old row (else only the primary key) */
  replicaFull: boolean;
}

interface Row {
  oid: number;
  schema: string;
  name: string;
  rls: boolean;
  replident: string;
  columns: { name: string; type: string }[];
  pk: string[] | null;
}

export class PublishedTables {
  private byOid = new Map<number, PublishedTable>();
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Picks up tables added to the publication since start (capture trigger + metadata).
   * Coalesced: one refresh runs, at most one more is queued behind it.
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.running) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.refresh();
        });
      return this.queued;
    }
    this.running = (async () => {
      await this.db.query('select _realtime.install_triggers()');
      await this.reload();
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async reload(): Promise<void> {
    const { rows } = await this.db.query<Row>(
      `select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relrowsecurity as rls,
              c.relreplident::text as replident,
              (select jsonb_agg(jsonb_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
                 from pg_attribute a join pg_type t on t.oid = a.atttypid
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
              (select array_agg(a.attname::text order by a.attnum)
                 from pg_index x join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any (x.indkey)
                where x.indrelid = c.oid and x.indisprimary) as pk
         from pg_publication_tables p
         join pg_namespace n on n.nspname = p.schemaname
         join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
        where p.pubname = 'supabase_realtime'`,
    );
    const next = new Map<number, PublishedTable>();
    for (const r of rows) {
      const columns = r.columns ?? [];
      next.set(r.oid, {
        oid: r.oid,
        schema: r.schema,
        name: r.name,
        columns,
        types: new Map(columns.map((c) => [c.name, c.type])),
        columnNames: new Set(columns.map((c) => c.name)),
        primaryKey: r.pk ?? [],
        rls: r.rls,
        replicaFull: r.replident === 'f',
      });
    }
    this.byOid = next;
  }

  get(oid: number): PublishedTable | undefined {
    return this.byOid.get(oid);
  }

  /** Tables matching a subscription's schema and table ('*' = any, as Realtime's LIKE). */
  match(schema: string, table: string): PublishedTable[] {
    return [...this.byOid.values()].filter((t) => (schema === '*' || t.schema === schema) && (table === '*' || t.name === table));
  }
}
