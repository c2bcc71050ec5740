import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { map } from 'rxjs';
import type { SubscriptionDoc } from '@sync/model';
import { SyncContext } from '@/data/sync-context';
import { useObservableValue } from '@/data/use-observable-value';
import { loadSupabase } from '@/lib/load-supabase';
import { signArtistPictures } from '@/lib/artist-picture';
import { ARTIST_DIRECTORY_TABLE, ARTIST_PROFILES_TABLE, PREVIEWS_TABLE } from '@/lib/fan-server-contract';
import { useAuthSnapshotPassive } from '@/lib/use-auth-snapshot';
import {
  buildRealArtists,
  type ArtistProfileExtras,
  type DirectoryRow,
  type LatestPreview,
  type RealArtist,
} from './real-artist';

export interface RealArtistsState {
  artists: RealArtist[];
  status: 'loading' | 'ready' | 'unavailable' | 'signedOut';
  reload: () => void;
}

/** How many newest previews are read to find each artist's latest drop. */
const PREVIEW_WINDOW = 500;

/** Bios and signed pictures of the listed artists; without them the cards show generated artwork. */
async function loadProfileExtras(artistIds: readonly string[]): Promise<Map<string, ArtistProfileExtras>> {
  if (artistIds.length === 0) return new Map();
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from(ARTIST_PROFILES_TABLE)
    .select('artist_id,bio,picture_path')
    .in('artist_id', [...artistIds]);
  if (error || !data) return new Map();
  const rows = data as { artist_id: string; bio: string; picture_path: string | null }[];
  const urls = await signArtistPictures(rows.flatMap((row) => (row.picture_path ? [row.picture_path] : [])));
  return new Map(
    rows.map((row) => [
      row.artist_id,
      { bio: row.bio, pictureUrl: row.picture_path ? (urls.get(row.picture_path) ?? null) : null },
    ]),
  );
}

/**
 * Artists who published at least one item, for signed-in users (the server gives signed-out
 * visitors no data at all: 'signedOut').
 */
export function useRealArtists(): RealArtistsState {
  // Passive: a visitor's catalog must not load the identity runtime just to learn there is no session.
  const { session } = useAuthSnapshotPassive();
  const signedIn = Boolean(session);
  const [state, setState] = useState<{ artists: RealArtist[]; status: RealArtistsState['status'] }>({
    artists: [],
    status: 'loading',
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!signedIn) return undefined;
    let live = true;
    // Signed-out visitors never download supabase-js for the catalog.
    void loadSupabase()
      .then((supabase) =>
        Promise.all([
          supabase.from(ARTIST_DIRECTORY_TABLE).select('artist_id,name,followers,plays,genres,items').gt('items', 0),
          supabase
            .from(PREVIEWS_TABLE)
            .select('artist_id,title,file_type,created_at')
            .eq('_deleted', false)
            .order('created_at', { ascending: false })
            .limit(PREVIEW_WINDOW),
        ]),
      )
      .then(async ([directory, previews]) => {
        if (!live) return;
        const error = directory.error ?? previews.error;
        if (error) {
          console.warn('[catalog] real artists unavailable', error.message);
          setState((s) => ({ artists: s.artists, status: 'unavailable' }));
          return;
        }
        const rows = (directory.data ?? []) as DirectoryRow[];
        const latest = (previews.data ?? []) as (LatestPreview & { artist_id: string })[];
        const extras = await loadProfileExtras(rows.map((row) => row.artist_id));
        if (!live) return;
        setState({ artists: buildRealArtists(rows, latest, extras), status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!live) return;
        console.warn('[catalog] real artists unavailable', error);
        setState((s) => ({ artists: s.artists, status: 'unavailable' }));
      });
    return () => {
      live = false;
    };
  }, [tick, signedIn]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  if (!signedIn) return { artists: [], status: 'signedOut', reload };
  return { ...state, reload };
}

export interface FollowState {
  /** The signed-in fan's local database; null when signed out (Join then asks to sign in). */
  canFollow: boolean;
  userId: string | null;
  /** artist id → tier, from the fan's synced subscriptions (offline too). */
  tiers: ReadonlyMap<string, SubscriptionDoc['tier']>;
  /** Artists the fan followed on this device whose follow has not reached the server yet. */
  pending: ReadonlySet<string>;
  /** Changes whenever a follow or unfollow reached the server (a cue to re-read the directory). */
  settledKey: string;
}

interface FollowRows {
  tiers: ReadonlyMap<string, SubscriptionDoc['tier']>;
  pending: ReadonlySet<string>;
  settledKey: string;
}

const NO_FOLLOWS: FollowRows = { tiers: new Map(), pending: new Set(), settledKey: '' };

function followRows(docs: readonly Pick<SubscriptionDoc, 'artist_id' | 'tier' | 'sync_state'>[]): FollowRows {
  const settled = docs.filter((d) => d.sync_state === 'clean').map((d) => d.artist_id);
  return {
    tiers: new Map(docs.map((d) => [d.artist_id, d.tier] as const)),
    pending: new Set(docs.filter((d) => d.sync_state === 'dirty').map((d) => d.artist_id)),
    settledKey: settled.sort().join(','),
  };
}

export function useFollowState(): FollowState {
  const sync = useContext(SyncContext);
  const db = sync?.userId && !sync.error ? sync.db : null;
  const source = useMemo(
    () => (db ? db.subscriptions.find().$.pipe(map((docs) => followRows(docs.map((d) => d.toMutableJSON())))) : null),
    [db],
  );
  const rows = useObservableValue(source, NO_FOLLOWS);
  const { tiers, pending, settledKey } = db ? rows : NO_FOLLOWS;
  return { canFollow: Boolean(db), userId: db ? (sync?.userId ?? null) : null, tiers, pending, settledKey };
}
