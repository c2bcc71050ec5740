import { useMemo } from 'react';
import { buildCatalogArtists } from './catalog-artists';
import { indexArtists } from './filter-artists';

/** The catalog runs on sample data (spec §2): 1,000 artists built from the shared roster. */
export const CATALOG_SIZE = 1_000;

/** The searchable catalog; the one place to change when the catalog gets a real source. */
export function useCatalogArtists() {
  return useMemo(() => indexArtists(buildCatalogArtists(CATALOG_SIZE)), []);
}
