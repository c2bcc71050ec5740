/**
 * Schema cache for /rest/v1: tables, views, columns and functions of the exposed schema.
 * Invariants: every identifier that reaches SQL text comes from here (catalog names quoted
 * with quoteIdent, types from format_type), never from the request; unknown names are a
 * cache miss that triggers one reload (so tables created after boot are seen), then an error.
 * Lookups happen BEFORE a request's transaction (a reload inside it would queue behind the
 * transaction itself: the wedge); a miss reloads unless a load started after the miss did
 * (so a table created just before is always seen); concurrent misses share one reload.
 */
import type { Database } from '../db/database';

export interface Column {
  name: string;
  type: string; // format_type(), safe to splice as a cast
  isArray: boolean;
  isJson: boolean;
  generated: boolean;
}

export interface Relation {
  schema: string;
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  sqlName: string; // "schema"."name"
  isTable: boolean; // has xmax (tables), unlike views
}

/** A foreign key between two relations of the exposed schema (for embedded resources). */
export interface ForeignKey {
  name: string; // constraint name
  from: string; // the table holding the key
  fromCols: string[];
  to: string; // the referenced table
  toCols: string[];
  unique: boolean; // fromCols are unique on `from`: the reverse direction is one-to-one
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  returnType: string;
  returnsVoid: boolean;
  returnsComposite: boolean;
  volatile: boolean;
  /** columns of the rows it returns (composite/table results), for select/filters/order */
  resultColumns: Map<string, Column> | undefined;
  sqlName: string;
}

export function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

export class Catalog {
  private relations = new Map<string, Relation>();
  private functions = new Map<string, DbFunction[]>();
  private foreignKeys: ForeignKey[] = [];
  private loadedAt = 0;

  constructor(
    private readonly db: Database,
    readonly schema = 'public',
  ) {}

  async load(startedAt = Date.now()): Promise<void> {
    const cols = await this.db.query<{
      rel: string;
      col: string;
      type: string;
      ndims: number;
      typcategory: string;
      generated: string;
      pk: boolean;
      kind: string;
    }>(
      `select c.relname as rel, c.relkind as kind, a.attname as col, format_type(a.atttypid, a.atttypmod) as type,
              t.typcategory as typcategory, a.attgenerated as generated,
              coalesce(a.attnum = any (i.indkey), false) as pk
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         join pg_type t on t.oid = a.atttypid
         left join pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
        order by c.relname, a.attnum`,
      [this.schema],
    );
    const relations = new Map<string, Relation>();
    for (const r of cols.rows) {
      let rel = relations.get(r.rel);
      if (!rel) {
        rel = {
          schema: this.schema,
          name: r.rel,
          columns: new Map(),
          primaryKey: [],
          sqlName: `${quoteIdent(this.schema)}.${quoteIdent(r.rel)}`,
          isTable: r.kind === 'r' || r.kind === 'p',
        };
        relations.set(r.rel, rel);
      }
      rel.columns.set(r.col, {
        name: r.col,
        type: r.type,
        isArray: r.typcategory === 'A',
        isJson: r.type === 'json' || r.type === 'jsonb',
        generated: r.generated !== '',
      });
      if (r.pk) rel.primaryKey.push(r.col);
    }
    const fns = await this.db.query<{
      name: string;
      argnames: string[] | null;
      argtypes: string[];
      nargdefaults: number;
      retset: boolean;
      rettype: string;
      composite: boolean;
      volatile: string;
      outcols: { name: string; type: string; cat: string }[] | null;
      sig: string;
    }>(
      `select p.proname as name, p.proargnames as argnames,
              array(select format_type(t, null) from unnest(p.proargtypes::oid[]) t) as argtypes,
              p.pronargdefaults as nargdefaults, p.proretset as retset,
              format_type(p.prorettype, null) as rettype,
              (rt.typtype = 'c' or p.prorettype = 'record'::regtype) as composite,
              p.provolatile as volatile,
              coalesce(
                (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'cat', at.typcategory) order by a.attnum)
                   from pg_attribute a join pg_type at on at.oid = a.atttypid
                  where a.attrelid = rt.typrelid and rt.typrelid <> 0 and a.attnum > 0 and not a.attisdropped),
                (select json_agg(json_build_object('name', p.proargnames[i], 'type', format_type(p.proallargtypes[i], null), 'cat', at.typcategory) order by i)
                   from generate_subscripts(p.proallargtypes, 1) i join pg_type at on at.oid = p.proallargtypes[i]
                  where p.proargmodes[i] in ('o', 'b', 't'))
              ) as outcols,
              p.oid::regprocedure::text as sig
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type rt on rt.oid = p.prorettype
        where n.nspname = $1 and p.prokind = 'f'
          and rt.typname not in ('trigger', 'event_trigger')`,
      [this.schema],
    );
    const functions = new Map<string, DbFunction[]>();
    for (const f of fns.rows) {
      const n = f.argtypes.length;
      const args = f.argtypes.map((type, i) => ({
        name: f.argnames?.[i] ?? '',
        type,
        hasDefault: i >= n - f.nargdefaults,
      }));
      const list = functions.get(f.name) ?? [];
      list.push({
        name: f.name,
        args,
        returnsSet: f.retset,
        returnType: f.rettype,
        returnsVoid: f.rettype === 'void',
        returnsComposite: f.composite,
        volatile: f.volatile === 'v',
        resultColumns: f.outcols
          ? new Map(
              f.outcols.map((c) => [
                c.name,
                { name: c.name, type: c.type, isArray: c.cat === 'A', isJson: c.type === 'json' || c.type === 'jsonb', generated: false },
              ]),
            )
          : undefined,
        sqlName: `${quoteIdent(this.schema)}.${quoteIdent(f.name)}`,
      });
      functions.set(f.name, list);
    }
    const fks = await this.db.query<ForeignKey>(
      `select c.conname as name, src.relname as "from", dst.relname as "to",
              array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as "fromCols",
              array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                      join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as "toCols",
              exists (select 1 from pg_index x where x.indrelid = c.conrelid and x.indisunique and x.indpred is null
                         and x.indkey::int2[] @> c.conkey and c.conkey @> x.indkey::int2[]) as "unique"
         from pg_constraint c
         join pg_class src on src.oid = c.conrelid
         join pg_class dst on dst.oid = c.confrelid
         join pg_namespace sn on sn.oid = src.relnamespace
         join pg_namespace dn on dn.oid = dst.relnamespace
        where c.contype = 'f' and sn.nspname = $1 and dn.nspname = $1
        order by c.conname`,
      [this.schema],
    );
    this.relations = relations;
    this.functions = functions;
    this.foreignKeys = fks.rows;
    this.loadedAt = startedAt; // what this load saw was committed before it started
  }

  private reloading: { startedAt: number; done: Promise<void> } | undefined;

  /** Reloads unless a load that started after `since` already ran (concurrent misses share one). */
  private async reloadSince(since: number): Promise<void> {
    if (this.loadedAt >= since) return;
    if (this.reloading && this.reloading.startedAt >= since) return this.reloading.done;
    await this.reloading?.done;
    if (this.loadedAt >= since) return;
    const startedAt = Date.now();
    const done = this.load(startedAt).finally(() => (this.reloading = undefined));
    this.reloading = { startedAt, done };
    return done;
  }

  async relation(name: string, since = Date.now()): Promise<Relation | undefined> {
    if (!this.relations.has(name)) await this.reloadSince(since);
    return this.relations.get(name);
  }

  /**
   * Foreign keys joining `a` and `b` (either direction). Finding none reloads once: a key
   * (or table) created after the last load is seen.
   */
  async foreignKeysBetween(a: string, b: string, since = Date.now()): Promise<ForeignKey[]> {
    const find = () => this.foreignKeys.filter((k) => (k.from === a && k.to === b) || (k.from === b && k.to === a));
    if (find().length === 0 || !this.relations.has(b)) await this.reloadSince(since);
    return find();
  }

  async functionsNamed(name: string, since = Date.now()): Promise<DbFunction[]> {
    if (!this.functions.has(name)) await this.reloadSince(since);
    return this.functions.get(name) ?? [];
  }
}
