/**
 * The server API the fan side relies on — one place to change if it is renamed:
 * - table `content_previews` (20261122100200): public fields of every content row, signed-in
 *   users only; `content_items` RLS returns only the rows the reader may read in full.
 * - table `artist_directory` (20261122400000): per artist with live content — name, followers,
 *   plays, genres, items; signed-in users only.
 * - view `followed_content` (20261122400000): the sync collection of the same name.
 * - engagement event `track_played` with metadata {content_id} counts a play for its artist.
 */
export const PREVIEWS_TABLE = 'content_previews';
export const ARTIST_DIRECTORY_TABLE = 'artist_directory';
/** Public fields of artists' profiles: name, bio, picture_path, genres (select-only). */
export const ARTIST_PROFILES_TABLE = 'artist_profiles';
export const TRACK_PLAYED_EVENT = 'track_played';
