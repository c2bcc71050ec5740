import { use } from 'react';
import type { SampleArtist } from '@/sample/artists';
import { buildCatalogArtists } from './catalog-artists';
import { indexArtists, type IndexedArtist } from './filter-artists';

/** The catalog runs on sample data: 1,000 artists built from the shared roster. */
export const CATALOG_SIZE = 1_000;
const SLICE = 100;

/**
 * Built a slice per task, from when the catalog's chunk loads: at once it was one task of
 * ≈ 16 ms here (four times that on a phone) inside the page's first render, which React cannot
 * split. Marked settled as React's `use` reads it, so a render after that never suspends.
 */
function buildCatalog(): Promise<IndexedArtist[]> {
  const build = async () => {
    const artists: SampleArtist[] = [];
    for (let from = 0; from < CATALOG_SIZE; from += SLICE) {
      artists.push(...buildCatalogArtists(Math.min(SLICE, CATALOG_SIZE - from), from));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return indexArtists(artists);
  };
  const promise = build();
  void promise.then((value) => Object.assign(promise, { status: 'fulfilled', value }));
  return promise;
}

const catalog = buildCatalog();

/** The searchable catalog; the one place to change when the catalog gets a real source. */
export function useCatalogArtists(): IndexedArtist[] {
  return use(catalog);
}
