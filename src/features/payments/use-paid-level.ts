import { useContext, useMemo } from 'react';
import { map } from 'rxjs';
import { SyncContext } from '../../data/sync-context';
import { useObservableValue } from '../../data/use-observable-value';

const LEVEL: Record<string, number> = { tier1: 1, tier2: 2, tier3: 3 };

/**
 * The paid tier (1-3) the signed-in fan holds with `artistId`, from their synced subscription row
 * (granted only by the server; live, offline too); 0 when they do not pay this artist.
 */
export function usePaidLevel(artistId: string): number {
  const sync = useContext(SyncContext);
  const userId = sync?.userId ?? null;
  const db = userId && !sync?.error ? sync?.db : null;
  const source = useMemo(
    () =>
      db && userId
        ? db.subscriptions
            .findOne(`${userId}|${artistId}`)
            .$.pipe(map((doc) => (doc && !doc.deleted ? (LEVEL[doc.tier] ?? 0) : 0)))
        : null,
    [db, userId, artistId],
  );
  return useObservableValue<number>(source, 0);
}
