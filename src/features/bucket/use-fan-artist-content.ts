import { useContext, useEffect, useMemo, useState } from 'react';
import { map } from 'rxjs';
import type { FollowedContentDoc } from '../../../sync/schemas/followed-content';
import { SyncContext } from '../../data/sync-context';
import { useObservableValue } from '../../data/use-observable-value';
import { ARTIST_OVERVIEW_RPC } from '../../lib/fan-server-contract';
import { supabase } from '../../lib/supabase';
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

/** Anyone else: the server's overview (public fields of what the caller may not read). */
function useOverviewRows(artistId: string, enabled: boolean): FanArtistContent {
  const [state, setState] = useState<FanArtistContent & { key: string }>({ ...LOADING, key: '' });
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    void supabase.rpc(ARTIST_OVERVIEW_RPC, { p_artist: artistId }).then(({ data, error }) => {
      if (!live) return;
      if (error) console.error('[bucket] artist overview failed', error.message);
      setState({ rows: (data ?? []) as FanContentRow[], loading: false, key: artistId });
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
  const server = useOverviewRows(artistId, !local);
  return local ?? server;
}
