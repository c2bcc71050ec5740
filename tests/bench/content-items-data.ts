/**
 * Data both sync benchmarks use (Node: tests/bench/sync.bench.ts; Chromium:
 * tests/bench/sync-browser.bench.ts and its page, tests/bench/browser/sync-entry.ts), so the two
 * measure the same rows. Browser-safe: no Node imports.
 */
import type { ContentItemDoc } from '../../sync/schemas/types';

/** Rows pulled in the initial-sync measurement. */
export const SYNC_BENCH_ROWS = 5000;

/**
 * Inserts `$2` public content_items of MediaID size (five interests, genres, five privacy
 * switches, flags in `metadata`) for artist `$1`.
 */
export const SEED_CONTENT_ITEMS_SQL = `insert into public.content_items (artist_id, title, description, file_path, file_type, file_size, metadata, is_public)
  select $1::uuid, 'Track ' || g, 'Seeded row ' || g, $1::text || '/' || g || '-t.mp3', 'audio/mpeg', 1000 + g,
    jsonb_build_object(
      'interests', jsonb_build_array('Discovering new music', 'Supporting independent artists', 'High-quality audio', 'Underground scenes', 'Exclusive content'),
      'genre_preferences', jsonb_build_array('Electronic', 'Jazz', 'Lo-fi'),
      'privacy_settings', jsonb_build_object('data_sharing', true, 'location_access', false, 'audio_capture', false, 'anonymous_logging', true, 'marketing_communications', false),
      'content_flags', jsonb_build_object('mood', 'calm', 'likes', jsonb_build_array('synths'))),
    true
  from generate_series(1, $2::int) g`;

/** 1,000 new local content_items documents of `ownerId` for the bulkInsert latency measurement. */
export function bulkContentDocs(ownerId: string, run: number, count = 1000): ContentItemDoc[] {
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    artist_id: ownerId,
    title: `Bulk ${run}.${i}`,
    description: null,
    file_path: `${ownerId}/${i}.mp3`,
    file_type: 'audio/mpeg',
    file_size: i,
    metadata: { tags: ['a', 'b'], album: 'Bulk' },
    is_public: false,
    subscription_tier_required: 'free',
    unlock_date: null,
    created_at: now,
    updated_at: now,
    sync_state: 'dirty',
    sync_modified: null,
  }));
}
