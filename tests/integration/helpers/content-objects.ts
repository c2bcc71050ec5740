/**
 * Content rows must name a stored object (migration 20261127300000_upload_checks): tests that
 * insert content_items rows store each row's object first, as the outbox does, with the row's
 * type and exactly its size (the server cannot read bytes, so any bytes do for these tests).
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export interface ContentRowFile {
  file_path: string;
  file_type?: string | null;
  file_size?: number | null;
}

/** Uploads one object per row (as the row's artist, through `client`) and returns the rows with
 * file_type and file_size filled in where they were missing. */
export async function withStoredObjects<T extends ContentRowFile>(
  client: SupabaseClient,
  rows: readonly T[],
): Promise<(T & { file_type: string; file_size: number })[]> {
  const out: (T & { file_type: string; file_size: number })[] = [];
  for (const row of rows) {
    const type = row.file_type ?? 'audio/mpeg';
    const size = row.file_size && row.file_size > 0 ? row.file_size : 16;
    const bytes = new Uint8Array(size).fill(0x41);
    const r = await client.storage.from('content').upload(row.file_path, new Blob([bytes], { type }), {
      contentType: type,
      upsert: true,
    });
    if (r.error) throw new Error(`storing ${row.file_path}: ${r.error.message}`);
    out.push({ ...row, file_type: type, file_size: size });
  }
  return out;
}

/** For SQL-level fixtures (run as the database owner): storage.objects rows as Storage writes them,
 * `STORED_OBJECT.size` bytes of `STORED_OBJECT.mimetype`; content rows name them with the same values. */
export const STORED_OBJECT = { size: 1, mimetype: 'audio/mpeg' } as const;

export function storedObjectsSql(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  const metadata = JSON.stringify(STORED_OBJECT);
  const values = paths.map((p) => `('content', '${p.replace(/'/g, "''")}', '${metadata}'::jsonb)`).join(', ');
  return `insert into storage.objects (bucket_id, name, metadata) values ${values} on conflict do nothing;`;
}
