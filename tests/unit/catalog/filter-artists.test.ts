import { describe, expect, it } from 'vitest';
import { buildCatalogArtists } from '../../../src/features/catalog/catalog-artists';
import { filterArtists, indexArtists, paginate } from '../../../src/features/catalog/filter-artists';

const index = indexArtists(buildCatalogArtists(1_000));

describe('catalog filtering', () => {
  it('builds 1,000 distinct artists deterministically, the shared roster first', () => {
    const again = buildCatalogArtists(1_000);
    expect(new Set(index.map((i) => i.artist.id)).size).toBe(1_000);
    expect(index[0]!.artist.name).toBe('BTI');
    expect(again[500]).toEqual(index[500]!.artist);
    expect(index.every((i) => i.artist.subscriptionPrice >= 1 && i.artist.subscriptionPrice <= 8)).toBe(true);
  });
  it('returns everything for an empty query and "all"', () => {
    expect(filterArtists(index, '   ', 'all')).toHaveLength(1_000);
  });
  it('filters by genre chip', () => {
    const dark = filterArtists(index, '', 'dark ambient');
    expect(dark.length).toBeGreaterThan(0);
    expect(dark.every((a) => a.genre === 'dark ambient')).toBe(true);
  });
  it('matches names, genres, tags and cities, case- and accent-insensitively', () => {
    expect(filterArtists(index, 'nyx', 'all')[0]?.name).toBe('Nyx Hollow');
    expect(filterArtists(index, 'REYKJAVIK', 'all').some((a) => a.name === 'Nyx Hollow')).toBe(true);
    expect(filterArtists(index, 'night drive', 'all').some((a) => a.name === 'Neon Arcadia')).toBe(true);
    expect(filterArtists(index, 'synthwave', 'all').every((a) => a.genre === 'indie synthwave' || a.tags.join(' ').includes('synth'))).toBe(true);
  });
  it('combines search and genre and finds nothing when nothing matches', () => {
    expect(filterArtists(index, 'BTI', 'dark ambient')).toEqual([]);
    expect(filterArtists(index, 'zzzz-no-such-vibe', 'all')).toEqual([]);
  });
});

describe('paginate', () => {
  it('clamps the page and counts pages', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect(paginate(items, 1, 24)).toMatchObject({ page: 1, pages: 3 });
    expect(paginate(items, 9, 24).items).toEqual([48, 49]);
    expect(paginate([], 1, 24)).toEqual({ items: [], page: 1, pages: 1 });
  });
});
