import { useContext, useEffect, useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useObservableValue } from '@/data';
import { mergeFirstPage } from '@/data/first-screen';
import { SyncContext } from '@/data/sync-context';
import { useFirstPage, useFirstPageUntilLocal } from '@/data/use-first-page';
import { supabase } from '@/lib/supabase';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import type { ContentRowLike } from './content-to-bucket';

export interface BucketContentState {
  rows: ContentRowLike[];
  loading: boolean;
}

const COLUMNS = 'id,title,file_path,file_type,file_size,metadata,is_public,unlock_date,created_at';
const LOADING: BucketContentState = { rows: [], loading: true };

/** From the local database (works offline) when the sync engine is running. */
function useLocalContent(artistId: string | null): BucketContentState | null {
  const db = useContext(SyncContext)?.db ?? null;
  const source = useMemo(() => {
    if (!db || !artistId) return null;
    return db.content_items
      .find({ selector: { artist_id: artistId }, sort: [{ created_at: 'desc' }] })
      .$.pipe(map((docs) => ({ rows: docs.map((d) => d.toMutableJSON() as ContentRowLike), loading: false })));
  }, [db, artistId]);
  const value = useObservableValue(source, LOADING);
  return source ? value : null;
}

/** Straight from the server while no local database is open (e.g. no sync engine mounted). */
function useServerContent(artistId: string | null, enabled: boolean, refreshKey: number): BucketContentState {
  const [state, setState] = useState<BucketContentState & { key: string }>({ ...LOADING, key: '' });
  const key = `${artistId ?? ''}|${refreshKey}`;
  useEffect(() => {
    if (!artistId || !enabled) return;
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
  }, [artistId, enabled, key]);
  return state.key === key ? state : { rows: state.rows, loading: state.key === '' };
}

const newestFirst = (a: ContentRowLike, b: ContentRowLike) => Date.parse(b.created_at) - Date.parse(a.created_at);

/** On a new device: the artist's rows of content_items' first pull page (null when there is none). */
function useFirstPageContent(artistId: string | null): ContentRowLike[] | null {
  const page = useFirstPage<ContentRowLike & { artist_id?: string }>('content_items');
  return useMemo(
    () => (page && artistId ? page.filter((row) => row.artist_id === artistId).sort(newestFirst) : null),
    [page, artistId],
  );
}

/**
 * The artist's content_items rows, newest first (RLS: owner always, others public/unlocked). On a
 * new device the first pull page shows at once, merged under the local rows until the first sync
 * has finished, instead of a second download of every row from the server.
 */
export function useBucketContent(artistId: string | null, refreshKey = 0): BucketContentState {
  const local = useLocalContent(artistId);
  const sync = useContext(SyncContext);
  const first = useFirstPageUntilLocal(useFirstPageContent(artistId), local, sync?.userId ?? null);
  const newDevice = Boolean(sync?.firstPages);
  // Without a session (signed out, or the e2e in-memory harness) the server has nothing to show.
  const { session } = useAuthSnapshot();
  const server = useServerContent(artistId, !local && !newDevice && Boolean(session), refreshKey);
  const merged = useMemo(() => {
    if (!first) return local;
    if (!local || local.loading) return { rows: first, loading: false };
    const rows = mergeFirstPage(first, local.rows);
    return { rows: rows === local.rows ? rows : rows.sort(newestFirst), loading: false };
  }, [first, local]);
  if (!artistId || (!local && !first && !session)) return { rows: [], loading: false };
  return merged ?? server;
}

/**
 * True while this device's first sync is still bringing rows (syncing, never synced before). Works
 * without a SyncProvider (e.g. the in-memory test harness): then it is simply false.
 */
export function useInitialSync(): boolean {
  const engine = useContext(SyncContext)?.engine ?? null;
  const status = useObservableValue<string>(engine?.status$ ?? null, 'offline');
  const lastSyncedAt = useObservableValue<Date | null>(engine?.lastSyncedAt$ ?? null, null);
  return status === 'syncing' && lastSyncedAt === null;
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
