import { useContext, useMemo } from 'react';
import { map } from 'rxjs';
import type { SubscriptionDoc } from '@sync/model';
import { SyncContext } from './sync-context';
import { useObservableValue } from './use-observable-value';

/**
 * What `read` takes from the signed-in fan's synced subscription row for `artistId` (live, offline
 * too); `read` gets null when there is no row. `read` must be a stable (module-level) function.
 */
export function useOwnSubscription<T>(artistId: string, read: (row: SubscriptionDoc | null) => T, initial: T): T {
  const sync = useContext(SyncContext);
  const userId = sync?.userId ?? null;
  const db = userId && !sync?.error ? sync?.db : null;
  const source = useMemo(
    () =>
      db && userId
        ? db.subscriptions
            .findOne(`${userId}|${artistId}`)
            .$.pipe(map((doc) => read(doc && !doc.deleted ? doc.toJSON() : null)))
        : null,
    [db, userId, artistId, read],
  );
  return useObservableValue<T>(source, initial);
}
