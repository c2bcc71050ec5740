import { useContext, useEffect, useMemo, useState } from 'react';
import { map } from 'rxjs';
import type { FollowedContentDoc } from '@sync/model';
import { SyncContext } from '@/data/sync-context';
import { useObservableValue } from '@/data/use-observable-value';
import { PREVIEWS_TABLE } from '@/lib/fan-server-contract';
import { supabase } from '@/lib/supabase';
import type { FanContentRow } from './fan-bucket-items';

export interface FanArtistContent {
  rows: FanContentRow[];
  loading: boolean;
}

const LOADING: FanArtistContent = { rows: [], loading: true };

/** A followed artist's items from the device (synced, so offline too); null when not following. */
function useFollowedRows(artistId: string, following: boolean): FanArtistContent | null {
  const db = useContext(SyncContext)?.db ?? null;
  const source = useMemo(() => {
    if (!db || !following) return null;
    return db.followed_content
      .find({ selector: { artist_id: artistId }, sort: [{ created_at: 'desc' }] })
      .$.pipe(map((docs) => ({ rows: docs.map((d) => d.toMutableJSON() as FollowedContentDoc), loading: false })));
  }, [db, artistId, following]);
  const value = useObservableValue(source, LOADING);
  return source ? value : null;
}

const PREVIEW_COLUMNS = 'id,artist_id,title,file_type,subscription_tier_required,is_public,unlock_date,created_at';
const FULL_COLUMNS = 'id,file_path,file_size,metadata';

/**
 * Anyone else: the artist's public fields (content_previews) joined with the rows the server
 * lets the caller read in full (content_items RLS) — a preview without its full row is locked.
 */
function useServerRows(artistId: string, enabled: boolean): FanArtistContent {
  const [state, setState] = useState<FanArtistContent & { key: string }>({ ...LOADING, key: '' });
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    void Promise.all([
      supabase
        .from(PREVIEWS_TABLE)
        .select(PREVIEW_COLUMNS)
        .eq('artist_id', artistId)
        .eq('_deleted', false)
        .order('created_at', { ascending: false }),
      supabase.from('content_items').select(FULL_COLUMNS).eq('artist_id', artistId).eq('_deleted', false),
    ]).then(([previews, full]) => {
      if (!live) return;
      const error = previews.error ?? full.error;
      if (error) console.error('[bucket] artist content failed', error.message);
      const readable = new Map(
        ((full.data ?? []) as Pick<FanContentRow, 'id' | 'file_path' | 'file_size' | 'metadata'>[]).map((r) => [
          r.id,
          r,
        ]),
      );
      const rows = ((previews.data ?? []) as Omit<FanContentRow, 'file_path' | 'file_size' | 'metadata'>[]).map(
        (preview): FanContentRow => {
          const own = readable.get(preview.id);
          return {
            ...preview,
            file_path: own?.file_path ?? null,
            file_size: own?.file_size ?? null,
            metadata: own?.metadata ?? {},
          };
        },
      );
      setState({ rows, loading: false, key: artistId });
    });
    return () => {
      live = false;
    };
  }, [artistId, enabled]);
  return state.key === artistId ? state : LOADING;
}

/** The artist's items for the fan view: followed → local rows; otherwise the server overview. */
export function useFanArtistContent(artistId: string, following: boolean): FanArtistContent {
  const local = useFollowedRows(artistId, following);
  const server = useServerRows(artistId, !local);
  return local ?? server;
}
