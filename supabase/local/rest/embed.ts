/**
 * Embedded resources for /rest/v1 (`select=*,author(*)`): resolution over foreign keys and SQL.
 * Invariants: relationships are resolved against the catalog BEFORE the request's transaction
 * (planSelect is async, the SQL builders are not); every embed becomes a correlated subquery
 * (to_json for to-one, json_agg for to-many) inside the one parameterised statement, so the
 * caller's RLS applies to embedded rows exactly as to top-level ones; embedded filters, order
 * and limit (`books.title=eq.x`, `books.order=…`, `books.limit=n`) only shape that embed unless
 * it is `!inner`, which also drops parent rows without a matching embedded row.
 */
import { quoteIdent, type Catalog, type ForeignKey, type Relation } from './catalog';
import { parseLogic, parseOpValue, parseOrder, parseSelect, splitTopLevel, type Filter, type OrderTerm, type SelectItem } from './grammar';
import { Params, filterSql, orderSql, selectListSql } from './sql';
import { parseError, pgrst } from './errors';

export interface EmbedNode {
  key: string; // the JSON key: alias or the name as written
  rel: Relation;
  fk: ForeignKey;
  forward: boolean; // the parent holds the key (many-to-one)
  toOne: boolean; // many-to-one, or one-to-one (unique key on the child)
  inner: boolean;
  /** `?author=is.null` / `?author=not.is.null`: parents without / with a matching embedded row */
  nullFilter?: 'null' | 'not null';
  items: SelectItem[]; // plain columns of this embed
  children: EmbedNode[];
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface SelectPlan {
  items: SelectItem[];
  children: EmbedNode[];
  /** The query parameters that address the top-level relation (embed-scoped ones removed). */
  rootParams: URLSearchParams;
}

const cardinality = (forward: boolean, fk: ForeignKey) => (forward ? 'many-to-one' : fk.unique ? 'one-to-one' : 'one-to-many');

function noRelationship(parent: string, target: string, hint: string | undefined) {
  return pgrst(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
  );
}

async function resolve(catalog: Catalog, parent: Relation, item: SelectItem, since: number): Promise<EmbedNode> {
  const spec = item.embed!;
  const rel = await catalog.relation(spec.target, since);
  const fks = rel ? await catalog.foreignKeysBetween(parent.name, spec.target, since) : [];
  let cands: { fk: ForeignKey; forward: boolean }[] = [];
  for (const fk of fks) {
    if (fk.from === parent.name && fk.to === spec.target) cands.push({ fk, forward: true });
    if (fk.to === parent.name && fk.from === spec.target) cands.push({ fk, forward: false });
  }
  if (spec.hint !== undefined) {
    const h = spec.hint;
    cands = cands.filter(({ fk }) => fk.name === h || (fk.fromCols.length === 1 && fk.fromCols[0] === h));
  }
  if (!rel || cands.length === 0) throw noRelationship(parent.name, spec.target, spec.hint);
  if (cands.length > 1) {
    const details = cands.map(({ fk, forward }) => ({
      cardinality: cardinality(forward, fk),
      embedding: `${parent.name} with ${spec.target}`,
      relationship: `${fk.name} using ${fk.from}(${fk.fromCols.join(', ')}) and ${fk.to}(${fk.toCols.join(', ')})`,
    }));
    const err = pgrst(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${spec.target}'`,
      null,
      `Try changing '${spec.target}' to one of the following: ${cands.map(({ fk }) => `'${spec.target}!${fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
    (err.body as { details: unknown }).details = details; // PostgREST answers an array here
    throw err;
  }
  const { fk, forward } = cands[0]!;
  const plain = spec.select.filter((i) => !i.embed);
  for (const i of plain) if (i.column !== '*' && !rel.columns.has(i.column)) throw pgrst(400, '42703', `column ${rel.name}.${i.column} does not exist`);
  const children = [];
  for (const c of spec.select) if (c.embed) children.push(await resolve(catalog, rel, c, since));
  const keys = new Set<string>();
  for (const c of children) {
    if (keys.has(c.key)) throw parseError(`"failed to parse select parameter"`, `the embedded resource '${c.key}' appears twice; give one of them an alias`);
    keys.add(c.key);
  }
  return {
    key: item.alias ?? spec.target,
    rel,
    fk,
    forward,
    toOne: forward || fk.unique,
    inner: spec.join === 'inner',
    items: plain,
    children,
    filters: [],
    order: [],
  };
}

function count(raw: string, what: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw parseError(`"failed to parse ${what} (${raw.slice(0, 50)})"`);
  return Number(raw);
}

/** Parses `select` and resolves its embeds; moves `embed.path.x=…` parameters onto their embed. */
export async function planSelect(catalog: Catalog, rel: Relation, params: URLSearchParams, since = Date.now()): Promise<SelectPlan> {
  const items = parseSelect(params.get('select'));
  const children: EmbedNode[] = [];
  for (const it of items) if (it.embed) children.push(await resolve(catalog, rel, it, since));
  const paths = new Map<string, EmbedNode>();
  const walk = (nodes: EmbedNode[], prefix: string) => {
    for (const n of nodes) {
      paths.set(prefix + n.key, n);
      walk(n.children, `${prefix}${n.key}.`);
    }
  };
  walk(children, '');
  const rootParams = new URLSearchParams();
  for (const [key, value] of params) {
    const whole = paths.get(key);
    if (whole && (value === 'is.null' || value === 'not.is.null')) {
      whole.nullFilter = value === 'is.null' ? 'null' : 'not null';
      continue;
    }
    let node: EmbedNode | undefined;
    let rest = key;
    for (let dot = key.lastIndexOf('.'); dot > 0 && !node; dot = key.lastIndexOf('.', dot - 1)) {
      node = paths.get(key.slice(0, dot));
      rest = key.slice(dot + 1);
    }
    if (!node) {
      rootParams.append(key, value);
      continue;
    }
    if (rest === 'order') node.order.push(...parseOrder(value));
    else if (rest === 'limit') node.limit = count(value, 'limit');
    else if (rest === 'offset') node.offset = count(value, 'offset');
    else if (rest === 'or' || rest === 'and') node.filters.push(parseLogic(rest, false, value));
    else if (/^not\.(or|and)$/.test(rest)) node.filters.push(parseLogic(rest.slice(4) as 'or' | 'and', true, value));
    else node.filters.push(parseOpValue(rest, value));
  }
  return { items: items.filter((i) => !i.embed), children, rootParams };
}
/** Whether any embed filters its parents (`!inner` or a null filter on the embed). */
export const hasInnerEmbeds = (plan: Pick<SelectPlan, 'children'>): boolean =>
  plan.children.some((c) => c.inner || c.nullFilter !== undefined || hasInnerEmbeds(c));

/** Builds the SQL of one request's embeds; aliases are numbered per statement. */
export class EmbedSql {
  private n = 0;
  constructor(private readonly p: Params) {}

  /** Select list of `rel` (columns + embed subqueries correlated to `source`). */
  selectList(rel: Pick<Relation, 'name' | 'columns'>, plan: Pick<SelectPlan, 'items' | 'children'>, source: string): string {
    const parts: string[] = [];
    if (plan.items.length > 0) parts.push(selectListSql(rel, plan.items));
    for (const c of plan.children) {
      if (c.items.length === 0 && c.children.length === 0) continue; // `author()`: filters only, no key
      parts.push(`${this.subquery(c, source)} as ${quoteIdent(c.key)}`);
    }
    return parts.join(', ');
  }

  /** `[not] exists (…)` conditions of the embeds among `children` that filter their parents. */
  innerConditions(children: EmbedNode[], source: string): string[] {
    const out: string[] = [];
    for (const c of children) {
      if (!c.inner && c.nullFilter === undefined) continue;
      const a = this.alias();
      const sub = `exists (select 1 from ${c.rel.sqlName} ${a} where ${this.conditions(c, a, source).join(' and ')})`;
      if (c.inner || c.nullFilter === 'not null') out.push(sub);
      if (c.nullFilter === 'null') out.push(`not ${sub}`);
    }
    return out;
  }

  /**
   * The parent's `order`, where a term may name a to-one embed's column
   * (`order=author(name).desc`, ordered by a correlated subquery on `source`).
   */
  orderList(rel: Pick<Relation, 'name' | 'columns'>, plan: Pick<SelectPlan, 'children'>, raw: string | null, source: string): string {
    if (!raw) return '';
    const terms = splitTopLevel(raw).map((term) => {
      const m = /^([^()]+)\(([^()]+)\)((?:\.[a-z]+)*)$/.exec(term.trim());
      if (!m) return orderSql(rel, parseOrder(term)).slice(' order by '.length);
      const node = plan.children.find((c) => c.key === m[1]);
      if (!node) throw pgrst(400, 'PGRST108', `'${m[1]}' is not an embedded resource in this request`, null, `Verify that '${m[1]}' is included in the 'select' query parameter.`);
      if (!node.toOne) throw pgrst(400, 'PGRST118', `A related order on '${node.key}' is not possible`, `'${rel.name}' and '${node.rel.name}' do not form a many-to-one or one-to-one relationship`);
      const t = parseOrder(`${m[2]}${m[3]}`)[0]!;
      if (!node.rel.columns.has(t.column)) throw pgrst(400, '42703', `column ${node.rel.name}.${t.column} does not exist`);
      const a = this.alias();
      const join = this.conditions({ ...node, filters: [], children: [] }, a, source).join(' and ');
      return `(select ${a}.${quoteIdent(t.column)} from ${node.rel.sqlName} ${a} where ${join}) ${t.desc ? 'desc' : 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    });
    return ` order by ${terms.join(', ')}`;
  }

  private alias(): string {
    return quoteIdent(`%t${++this.n}`);
  }

  private conditions(c: EmbedNode, a: string, source: string): string[] {
    const { fk } = c;
    const join = fk.fromCols.map((from, i) => {
      const to = fk.toCols[i]!;
      return c.forward ? `${a}.${quoteIdent(to)} = ${source}.${quoteIdent(from)}` : `${a}.${quoteIdent(from)} = ${source}.${quoteIdent(to)}`;
    });
    return [...join, ...c.filters.map((f) => `(${filterSql(c.rel, f, this.p)})`), ...this.innerConditions(c.children, a)];
  }

  private subquery(c: EmbedNode, source: string): string {
    const a = this.alias();
    const where = this.conditions(c, a, source).join(' and ');
    const list = this.selectList(c.rel, c, a);
    const e = quoteIdent('%e');
    if (c.toOne) return `(select to_json(${e}) from (select ${list} from ${c.rel.sqlName} ${a} where ${where} limit 1) ${e})`;
    const page = `${c.limit !== undefined ? ` limit ${this.p.add(c.limit)}` : ''}${c.offset ? ` offset ${this.p.add(c.offset)}` : ''}`;
    return `(select coalesce(json_agg(${e}), '[]'::json) from (select ${list} from ${c.rel.sqlName} ${a} where ${where}${orderSql(c.rel, c.order)}${page}) ${e})`;
  }
}
