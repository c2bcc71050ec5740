import { useEffect, useState } from 'react';
import { supabase } from '../../lib/supabase';
import type { ContentRowLike } from './content-to-bucket';

export interface BucketContentState {
  rows: ContentRowLike[];
  loading: boolean;
}

const COLUMNS = 'id,title,file_path,file_type,file_size,metadata,is_public,unlock_date,created_at';

/**
 * The artist's content_items rows, newest first. Reads what the signed-in viewer may read
 * (RLS: owner always, others public/unlocked); `refreshKey` re-reads after uploads complete.
 */
export function useBucketContent(artistId: string | null, refreshKey = 0): BucketContentState {
  const [state, setState] = useState<BucketContentState & { key: string }>({ rows: [], loading: true, key: '' });
  const key = `${artistId ?? ''}|${refreshKey}`;

  useEffect(() => {
    if (!artistId) return;
    let cancelled = false;
    void supabase
      .from('content_items')
      .select(COLUMNS)
      .eq('artist_id', artistId)
      .eq('_deleted', false)
      .order('created_at', { ascending: false })
      .then(({ data, error }) => {
        if (cancelled) return;
        if (error) console.error('[bucket] content query failed', error);
        setState({ rows: (data ?? []) as ContentRowLike[], loading: false, key });
      });
    return () => {
      cancelled = true;
    };
  }, [artistId, key]);

  if (!artistId) return { rows: [], loading: false };
  return state.key === key ? state : { rows: state.rows, loading: state.key === '' };
}

/** A short-lived signed URL for a stored object (play inline or download). */
export async function signContentUrl(filePath: string, downloadName?: string): Promise<string | null> {
  const { data, error } = await supabase.storage
    .from('content')
    .createSignedUrl(filePath, 3600, downloadName ? { download: downloadName } : undefined);
  if (error) {
    console.error('[bucket] signed URL failed', error);
    return null;
  }
  return data.signedUrl;
}
