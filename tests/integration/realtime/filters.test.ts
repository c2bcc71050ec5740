/**
 * The `postgres_changes` filter grammar and its SQL-like evaluation (pure; lives beside the
 * realtime integration tests it backs): what realtime-js's filter builder produces parses, bad
 * filters are refused with a message, NULL never matches a comparison, types compare by kind.
 */
import { describe, expect, it } from 'vitest';
import { postgresChangesFilter } from '@supabase/supabase-js';
import { FilterError, indexKeys, matchesFilters, parseFilters } from '../../../supabase/local/realtime/filters';

const types = new Map([
  ['id', 'text'],
  ['n', 'int4'],
  ['title', 'text'],
  ['at', 'timestamptz'],
  ['flag', 'bool'],
  ['owner', 'uuid'],
]);
const row = { id: 'a,b', n: 10, title: 'Hello World', at: '2026-11-22T10:00:00+00:00', flag: true, owner: 'ABCDEF00-0000-4000-8000-000000000001' };
const m = (filter: string, r: Record<string, unknown> = row) => matchesFilters(parseFilters(filter, types), r);

describe('postgres_changes filters', () => {
  it('evaluates every supported operator by column type', () => {
    expect(m('n=eq.10')).toBe(true);
    expect(m('n=eq.10.0')).toBe(true);
    expect(m('n=neq.10')).toBe(false);
    expect(m('n=gt.9')).toBe(true);
    expect(m('n=gt.10')).toBe(false);
    expect(m('n=gte.10')).toBe(true);
    expect(m('n=lt.100')).toBe(true); // numerically, not as text ("10" > "100")
    expect(m('n=lte.9')).toBe(false);
    expect(m('n=in.(1,10,100)')).toBe(true);
    expect(m('id=in.(x,"a,b")')).toBe(true);
    expect(m('id=eq."a,b"')).toBe(true);
    expect(m('at=gt.2026-11-22T09:59:59.999Z')).toBe(true);
    expect(m('at=eq.2026-11-22 10:00:00Z')).toBe(true);
    expect(m('flag=eq.t')).toBe(true);
    expect(m('flag=is.true')).toBe(true);
    expect(m('owner=eq.abcdef00-0000-4000-8000-000000000001')).toBe(true);
    expect(m('owner=in.(ABCDEF00-0000-4000-8000-000000000001)')).toBe(true);
    expect(m('at=in.(2026-11-22T10:00:00.000Z)')).toBe(true);
    expect(m('n=in.(10.0)')).toBe(true);
    expect(m('title=not.eq.Hello World')).toBe(false);
    expect(m('n=not.in.(1,2)')).toBe(true);
    expect(m('n=gt.5,title=eq.Hello World')).toBe(true);
    expect(m('n=gt.5,title=eq.nope')).toBe(false);
  });

  it('follows SQL NULL semantics', () => {
    const r = { ...row, title: null };
    expect(m('title=eq.x', r)).toBe(false);
    expect(m('title=neq.x', r)).toBe(false);
    expect(m('title=not.eq.x', r)).toBe(false);
    expect(m('title=is.null', r)).toBe(true);
    expect(m('title=not.is.null', r)).toBe(false);
    expect(m('title=isdistinct.x', r)).toBe(true);
    expect(m('title=isdistinct.null', r)).toBe(false);
    expect(m('title=in.(x,null)', r)).toBe(false);
  });

  it("parses what realtime-js's filter builder emits", () => {
    const built = postgresChangesFilter().eq('owner', 'abcdef00-0000-4000-8000-000000000001').gt('n', 3).in('id', ['a,b', 'c']).build();
    expect(m(built)).toBe(true);
  });

  it('refuses unknown columns, operators and malformed segments with a message', () => {
    expect(() => parseFilters('nope=eq.1', types)).toThrow(new FilterError('invalid column for filter nope'));
    expect(() => parseFilters('n=between.1', types)).toThrow(/unsupported filter operator `between`/);
    for (const op of ['like', 'ilike', 'match', 'imatch']) {
      expect(() => parseFilters(`title=${op}.%H%`, types)).toThrow(new RegExp(`\`${op}\` is not implemented by the local backend`));
    }
    expect(() => parseFilters('n=eq.1,,n=eq.2', types)).toThrow(/empty segments/);
    expect(() => parseFilters('n', types)).toThrow(/expected column=operator.value/);
    expect(() => parseFilters('n=in.1,2', types)).toThrow(/parentheses/);
    expect(parseFilters('  ', types)).toEqual([]);
  });

  it('bounds `in` at 100 values (as Supabase documents)', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');
    expect(m(`n=in.(${values(100)})`)).toBe(true);
    expect(() => parseFilters(`n=in.(${values(101)})`, types)).toThrow('`in` filter can have at most 100 values (got 101)');
  });

  it('indexes a subscription by its first plain eq or in, in canonical form', () => {
    expect(indexKeys(parseFilters('n=gt.1,owner=eq.ABCDEF00-0000-4000-8000-000000000001', types))).toEqual({ column: 'owner', kind: 'uuid', keys: ['abcdef00-0000-4000-8000-000000000001'] });
    expect(indexKeys(parseFilters('n=not.eq.1,n=in.(1,01,2)', types))).toEqual({ column: 'n', kind: 'number', keys: ['1', '2'] });
    expect(indexKeys(parseFilters('n=gt.1', types))).toBeUndefined();
  });

  it('takes pattern characters in an operand literally', () => {
    const pct = `${'%'.repeat(30)}!`;
    expect(m(`title=eq.${pct}`)).toBe(false);
    expect(m(`title=eq.${pct}`, { ...row, title: pct })).toBe(true);
    expect(m('title=gt.%')).toBe(true); // 'H' > '%' as text, no wildcard
  });
});
