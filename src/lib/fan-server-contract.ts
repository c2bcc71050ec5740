/**
 * The server API the fan side of issue 13 relies on — one place to change if the security
 * migrations rename it (supabase/migrations/20261122400000_follower_delivery.sql):
 * - `catalog_real_artists()` (anon + authenticated): artists with at least one live item.
 * - `artist_content_overview(p_artist)`: one artist's items, public fields only when locked.
 * - `artist_fan_stats()`: the signed-in artist's followers and plays.
 * - view `followed_content`: the sync collection of the same name (sync/schemas/followed-content.ts).
 * - engagement event `track_played` with metadata {content_id, artist_id} counts a play.
 */
export const REAL_ARTISTS_RPC = 'catalog_real_artists';
export const ARTIST_OVERVIEW_RPC = 'artist_content_overview';
export const ARTIST_FAN_STATS_RPC = 'artist_fan_stats';
export const TRACK_PLAYED_EVENT = 'track_played';
