/**
 * Data both sync benchmarks use (Node: tests/bench/sync.bench.ts; Chromium:
 * tests/bench/sync-browser.bench.ts and its page, tests/bench/browser/sync-entry.ts), so the two
 * measure the same rows. Browser-safe: no Node imports.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ContentItemDoc } from '../../sync/schemas/types';

/** Rows pulled in the initial-sync measurement (seeded with tests/fixtures/content-items.ts). */
export const SYNC_BENCH_ROWS = 5000;

/** The server caps every read at `max_rows` (1,000, as hosted Supabase). */
export const MAX_ROWS = 1000;

/**
 * All `rows` visible content_items by plain selects, in pages of MAX_ROWS in key order, one after
 * another — as the engine must read them too. Throws unless every page is full.
 */
export async function selectAllContentItems(client: SupabaseClient, rows: number, what: string): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  for (let from = 0; from < rows; from += MAX_ROWS) {
    const to = Math.min(from + MAX_ROWS, rows) - 1;
    const { data, error } = await client.from('content_items').select('*').order('id').range(from, to);
    if (error || data?.length !== to - from + 1) throw new Error(`${what} select: ${error?.message ?? data?.length}`);
    all.push(...(data as Record<string, unknown>[]));
  }
  return all;
}

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
