/**
 * Real artists in the catalog: the server's catalog rows → what the card shows,
 * and the same search text and genre chips as the sample catalog (pure, unit-tested).
 */
import { normalizeSearchText, type GenreFilter } from '../filter-artists';

/** public.artist_directory row. */
export interface DirectoryRow {
  artist_id: string;
  name: string;
  followers: number;
  plays: number;
  genres: string[] | null;
  items: number;
}

/** The newest public-fields row (public.content_previews) of the artist, if any. */
export interface LatestPreview {
  title: string;
  file_type: string | null;
  created_at: string;
}

/** Public profile fields shown on the card (public.artist_profiles + a signed picture URL). */
export interface ArtistProfileExtras {
  bio: string;
  pictureUrl: string | null;
}

export interface RealArtist {
  id: string;
  name: string;
  /** The artist's short bio ('' when none). */
  bio: string;
  /** Signed URL of the artist's picture; null shows generated artwork. */
  pictureUrl: string | null;
  followers: number;
  items: number;
  /** Genres from the artist's uploads (the upload form's names, e.g. 'Electronic'). */
  genres: string[];
  latestDrop: { title: string; type: 'audio' | 'video' | 'image'; at: string } | null;
}

/**
 * The follower count a card shows: the server's directory count, plus the fan's own follow made on
 * this device that has not reached the server yet (the server cannot have counted it).
 */
export function shownFollowers(serverFollowers: number, followPending: boolean): number {
  return serverFollowers + (followPending ? 1 : 0);
}

function dropType(fileType: string | null): 'audio' | 'video' | 'image' {
  if (fileType?.startsWith('video/')) return 'video';
  if (fileType?.startsWith('image/')) return 'image';
  return 'audio';
}

export function realArtistFromRow(
  row: DirectoryRow,
  latest: LatestPreview | undefined,
  extras?: ArtistProfileExtras,
): RealArtist {
  return {
    id: row.artist_id,
    name: row.name,
    bio: extras?.bio ?? '',
    pictureUrl: extras?.pictureUrl ?? null,
    followers: Number(row.followers) || 0,
    items: Number(row.items) || 0,
    genres: (row.genres ?? []).filter(Boolean),
    latestDrop: latest ? { title: latest.title, type: dropType(latest.file_type), at: latest.created_at } : null,
  };
}

/** Directory rows with live items, newest release first, each with its latest preview. */
export function buildRealArtists(
  rows: readonly DirectoryRow[],
  previews: readonly (LatestPreview & { artist_id: string })[],
  extras: ReadonlyMap<string, ArtistProfileExtras> = new Map(),
): RealArtist[] {
  const latest = new Map<string, LatestPreview>();
  for (const preview of previews) {
    const seen = latest.get(preview.artist_id);
    if (!seen || preview.created_at > seen.created_at) latest.set(preview.artist_id, preview);
  }
  return rows
    .filter((row) => Number(row.items) > 0)
    .map((row) => realArtistFromRow(row, latest.get(row.artist_id), extras.get(row.artist_id)))
    .sort((a, b) => (b.latestDrop?.at ?? '').localeCompare(a.latestDrop?.at ?? '') || a.id.localeCompare(b.id));
}

/** A chip matches an upload genre contained in it ('underground electronic' ⊇ 'electronic'). */
export function matchesGenre(genres: readonly string[], chip: GenreFilter): boolean {
  if (chip === 'all') return true;
  const wanted = normalizeSearchText(chip);
  return genres.some((genre) => {
    const g = normalizeSearchText(genre);
    return g.length > 0 && (wanted.includes(g) || g.includes(wanted));
  });
}

/** Same rule as the sample catalog: every word of the query in name, genres or latest drop. */
export function filterRealArtists(artists: readonly RealArtist[], query: string, chip: GenreFilter): RealArtist[] {
  const words = normalizeSearchText(query).split(/\s+/).filter(Boolean);
  return artists.filter((artist) => {
    if (!matchesGenre(artist.genres, chip)) return false;
    const haystack = normalizeSearchText(
      [artist.name, ...artist.genres, artist.latestDrop?.title ?? ''].join(' \u0000 '),
    );
    return words.every((word) => haystack.includes(word));
  });
}

/** "just now", "5 min ago", "3 h ago", "2 d ago" — relative to `now`. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
