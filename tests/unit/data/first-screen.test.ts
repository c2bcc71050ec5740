import { describe, expect, it } from 'vitest';
import { firstScreenCollections, mergeFirstPage } from '../../../src/data/first-screen';

describe('firstScreenCollections', () => {
  it("prefers the dashboard in the path, then the account's sign-up role", () => {
    expect(firstScreenCollections('/dashboard/artist', 'fan')).toEqual(['content_items']);
    expect(firstScreenCollections('/login', 'fan')).toContain('locker_items');
    expect(firstScreenCollections('/auto-route', 'artist')).toEqual(['content_items']);
  });
  it('asks for nothing when it cannot tell (no request on a guess it cannot make)', () => {
    expect(firstScreenCollections('/login', undefined)).toEqual([]);
    expect(firstScreenCollections('/login', 'admin')).toEqual([]);
    expect(firstScreenCollections('/dashboard/brand', 42)).toEqual([]);
  });
});

describe('mergeFirstPage', () => {
  const row = (id: string, title: string) => ({ id, title });
  it('keeps every local row and adds the page rows not yet local; the local row wins for an id', () => {
    const merged = mergeFirstPage([row('a', 'page a'), row('b', 'page b')], [row('a', 'local a'), row('c', 'local c')]);
    expect(merged).toEqual([row('a', 'local a'), row('c', 'local c'), row('b', 'page b')]);
  });
  it('returns the local list itself when the page adds nothing (no re-render for nothing)', () => {
    const local = [row('a', 'x')];
    expect(mergeFirstPage([row('a', 'y')], local)).toBe(local);
    expect(mergeFirstPage(null, local)).toBe(local);
    expect(mergeFirstPage([], local)).toBe(local);
  });
});
