/** Catalog search and genre filtering: pure, indexed once, unit-tested. */
import type { CatalogGenre, SampleArtist } from '@/sample/artists';

export type GenreFilter = 'all' | CatalogGenre;

export interface IndexedArtist {
  artist: SampleArtist;
  /** Lower-cased, accent-free text the search matches against. */
  haystack: string;
}

export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Name, genre, tags, city and latest drop: what "artists, genres, or vibes" can match. */
export function indexArtists(artists: SampleArtist[]): IndexedArtist[] {
  return artists.map((artist) => {
    // Computed on the first search, not before the catalog's first paint (an empty query needs none).
    let haystack: string | undefined;
    return {
      artist,
      get haystack() {
        haystack ??= normalizeSearchText(
          [artist.name, artist.genre, artist.city, artist.latestDrop.title, ...artist.tags].join(' \u0000 '),
        );
        return haystack;
      },
    };
  });
}

/** Every whitespace-separated word of the query must appear; the genre chip narrows further. */
export function filterArtists(index: IndexedArtist[], query: string, genre: GenreFilter): SampleArtist[] {
  const words = normalizeSearchText(query).split(/\s+/).filter(Boolean);
  const result: SampleArtist[] = [];
  for (const entry of index) {
    const { artist } = entry;
    if (genre !== 'all' && artist.genre !== genre) continue;
    if (words.length === 0 || words.every((word) => entry.haystack.includes(word))) result.push(artist);
  }
  return result;
}

/** Page `page` (1-based) of `items`, clamped into range. */
export function paginate<T>(items: T[], page: number, pageSize: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), page: current, pages };
}
