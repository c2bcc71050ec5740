/**
 * The `postgres_changes` filter grammar and its SQL-like evaluation (pure; lives beside the
 * realtime integration tests it backs): what realtime-js's filter builder produces parses, bad
 * filters are refused with a message, NULL never matches a comparison, types compare by kind.
 */
import { describe, expect, it } from 'vitest';
import { postgresChangesFilter } from '@supabase/supabase-js';
import { FilterError, matchesFilters, parseFilters } from '../../../supabase/local/realtime/filters';

const columns = new Set(['id', 'n', 'title', 'at', 'flag', 'owner']);
const types = new Map([
  ['id', 'text'],
  ['n', 'int4'],
  ['title', 'text'],
  ['at', 'timestamptz'],
  ['flag', 'bool'],
  ['owner', 'uuid'],
]);
const row = { id: 'a,b', n: 10, title: 'Hello World', at: '2026-11-22T10:00:00+00:00', flag: true, owner: 'ABCDEF00-0000-4000-8000-000000000001' };
const m = (filter: string, r: Record<string, unknown> = row) => matchesFilters(parseFilters(filter, columns), r, types);

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
    expect(m('title=like.Hello%')).toBe(true);
    expect(m('title=like.hello%')).toBe(false);
    expect(m('title=ilike.hello_world')).toBe(true);
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
    expect(() => parseFilters('nope=eq.1', columns)).toThrow(new FilterError('invalid column for filter nope'));
    expect(() => parseFilters('n=between.1', columns)).toThrow(/unsupported filter operator `between`/);
    expect(() => parseFilters('title=match.^H', columns)).toThrow(/not implemented by the local backend/);
    expect(() => parseFilters('n=eq.1,,n=eq.2', columns)).toThrow(/empty segments/);
    expect(() => parseFilters('n', columns)).toThrow(/expected column=operator.value/);
    expect(() => parseFilters('n=in.1,2', columns)).toThrow(/parentheses/);
    expect(parseFilters('  ', columns)).toEqual([]);
  });
});
