/**
 * SQL builder for /rest/v1: turns the parsed request into parameterised SQL.
 * Invariants: identifiers only from the catalog (quoteIdent), casts only from format_type,
 * operators only from a fixed map; every user value is a bind parameter ($n). Results are
 * produced by Postgres as JSON text (json_agg/to_json) so timestamps, arrays and jsonb have
 * exactly PostgREST's JSON format.
 */
import { quoteIdent, type Relation, type Column } from './catalog';

/** What filters, select and order need: a name and columns (a table, a view or a function's rows). */
export type Shape = Pick<Relation, 'name' | 'columns'>;
import { parseInList, type Filter, type OrderTerm, type SelectItem } from './grammar';
import { missingColumnInFilter, parseError, unknownColumn } from './errors';

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', isdistinct: 'is distinct from' };
const ARRAY_OPS: Record<string, string> = { cs: '@>', cd: '<@', ov: '&&' };

function column(rel: Shape, name: string, inFilter: boolean): Column {
  const c = rel.columns.get(name);
  if (!c) throw inFilter ? missingColumnInFilter(rel.name, name) : unknownColumn(rel.name, name);
  return c;
}

function condSql(rel: Shape, f: Extract<Filter, { kind: 'cond' }>, p: Params): string {
  const col = column(rel, f.column, true);
  const ref = quoteIdent(col.name);
  let sql: string;
  const cmp = COMPARE[f.op];
  if (cmp) {
    sql = `${ref} ${cmp} ${p.add(f.value)}::${col.type}`;
  } else if (f.op === 'like' || f.op === 'ilike') {
    sql = `${ref}::text ${f.op === 'like' ? 'like' : 'ilike'} ${p.add(f.value.replace(/\*/g, '%'))}`;
  } else if (f.op === 'match' || f.op === 'imatch') {
    sql = `${ref}::text ${f.op === 'match' ? '~' : '~*'} ${p.add(f.value)}`;
  } else if (f.op === 'is') {
    const v = f.value.toLowerCase();
    const kw = v === 'null' ? 'null' : v === 'not_null' ? 'not null' : v === 'true' ? 'true' : v === 'false' ? 'false' : v === 'unknown' ? 'unknown' : null;
    if (!kw) throw parseError(`"failed to parse filter (is.${f.value})" (line 1, column 4)`, 'expecting null, not_null, true, false or unknown');
    sql = `${ref} is ${kw}`;
  } else if (f.op === 'in') {
    const list = parseInList(f.value);
    sql = `${ref} = any (array(select _v::${col.type} from jsonb_array_elements_text(${p.add(JSON.stringify(list))}::jsonb) _v))`;
  } else if (ARRAY_OPS[f.op]) {
    if (!col.isArray && !col.isJson && !col.type.includes('range')) {
      throw parseError(`operator ${f.op} needs an array, range or jsonb column`, `column ${col.name} is ${col.type}`);
    }
    if (col.isJson && f.op === 'ov') throw parseError('operator ov is not defined for jsonb', null);
    sql = `${ref} ${ARRAY_OPS[f.op]} ${p.add(f.value)}::${col.type}`;
  } else {
    throw parseError(`unknown operator ${f.op}`);
  }
  return f.negate ? `not (${sql})` : sql;
}

export function filterSql(rel: Shape, f: Filter, p: Params): string {
  if (f.kind === 'cond') return condSql(rel, f, p);
  if (f.children.length === 0) return f.negate ? 'false' : 'true';
  const inner = f.children.map((c) => `(${filterSql(rel, c, p)})`).join(f.op === 'and' ? ' and ' : ' or ');
  return f.negate ? `not (${inner})` : inner;
}

export function whereSql(rel: Shape, filters: Filter[], p: Params): string {
  if (filters.length === 0) return '';
  return ' where ' + filters.map((f) => `(${filterSql(rel, f, p)})`).join(' and ');
}

export function selectListSql(rel: Shape, items: SelectItem[]): string {
  return items
    .map((it) => {
      // '*' is spelled out, so extra bookkeeping columns of a CTE never leak into the result
      if (it.embed) throw parseError('Embedded resources are not supported by the local backend on function results', `select item: ${it.column}`);
      if (it.column === '*') return [...rel.columns.keys()].map(quoteIdent).join(', ');
      const col = column(rel, it.column, true);
      return it.alias ? `${quoteIdent(col.name)} as ${quoteIdent(it.alias)}` : quoteIdent(col.name);
    })
    .join(', ');
}

export function orderSql(rel: Shape, terms: OrderTerm[]): string {
  if (terms.length === 0) return '';
  return (
    ' order by ' +
    terms
      .map((t) => {
        const col = column(rel, t.column, true);
        return `${quoteIdent(col.name)} ${t.desc ? 'desc' : 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
      })
      .join(', ')
  );
}

/** Wraps a row source (subquery or CTE name) into "JSON array text + row count". */
export function jsonAggregate(source: string, selectList: string): string {
  return `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (select ${selectList} from ${source}) _r`;
}

/** Column list for a write: the keys present in the payload, all validated. */
export function payloadColumns(rel: Shape, rows: Record<string, unknown>[], columnsParam: string | null): string[] {
  const names = new Set<string>();
  if (columnsParam) {
    for (const c of columnsParam.split(',')) names.add(c.trim().replace(/^"|"$/g, ''));
  } else {
    for (const r of rows) for (const k of Object.keys(r)) names.add(k);
  }
  const cols = [...names].filter((n) => n !== '');
  for (const n of cols) {
    const c = rel.columns.get(n);
    if (!c) throw unknownColumn(rel.name, n);
    if (c.generated) throw parseError(`column "${n}" is a generated column`, null);
  }
  return cols;
}
