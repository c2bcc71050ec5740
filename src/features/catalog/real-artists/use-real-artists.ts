import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { map } from 'rxjs';
import type { SubscriptionDoc } from '../../../../sync/schemas/subscriptions';
import { SyncContext } from '../../../data/sync-context';
import { useObservableValue } from '../../../data/use-observable-value';
import { supabase } from '../../../lib/supabase';
import { realArtistFromRow, type RealArtist, type RealArtistRow } from './real-artist';
import { REAL_ARTISTS_RPC } from '../../../lib/fan-server-contract';

export interface RealArtistsState {
  artists: RealArtist[];
  status: 'loading' | 'ready' | 'unavailable';
  reload: () => void;
}

/** Artists who published at least one item (server; no account needed). */
export function useRealArtists(): RealArtistsState {
  const [state, setState] = useState<{ artists: RealArtist[]; status: RealArtistsState['status'] }>({
    artists: [],
    status: 'loading',
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    void supabase.rpc(REAL_ARTISTS_RPC).then(({ data, error }) => {
      if (!live) return;
      if (error) {
        console.warn('[catalog] real artists unavailable', error.message);
        setState((s) => ({ artists: s.artists, status: 'unavailable' }));
        return;
      }
      setState({ artists: ((data ?? []) as RealArtistRow[]).map(realArtistFromRow), status: 'ready' });
    });
    return () => {
      live = false;
    };
  }, [tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export interface FollowState {
  /** The signed-in fan's local database; null when signed out (Join then asks to sign in). */
  canFollow: boolean;
  userId: string | null;
  /** artist id → tier, from the fan's synced subscriptions (offline too). */
  tiers: ReadonlyMap<string, SubscriptionDoc['tier']>;
}

const NO_TIERS: ReadonlyMap<string, SubscriptionDoc['tier']> = new Map();

export function useFollowState(): FollowState {
  const sync = useContext(SyncContext);
  const db = sync?.userId && !sync.error ? sync.db : null;
  const source = useMemo(
    () =>
      db
        ? db.subscriptions
            .find()
            .$.pipe(
              map(
                (docs) =>
                  new Map(docs.map((d) => [d.artist_id, d.tier] as const)) as ReadonlyMap<
                    string,
                    SubscriptionDoc['tier']
                  >,
              ),
            )
        : null,
    [db],
  );
  const tiers = useObservableValue(source, NO_TIERS);
  return { canFollow: Boolean(db), userId: db ? (sync?.userId ?? null) : null, tiers: db ? tiers : NO_TIERS };
}
