import { useContext, useMemo } from 'react';
import { map } from 'rxjs';
import { SyncContext } from '../../../data/sync-context';
import { useObservableValue } from '../../../data/use-observable-value';

/**
 * Why the signed-in fan's paid tier for `artistId` ended, from their synced subscription row
 * (server-owned `access_ended_reason`; live, offline too); null while a tier is held or never was.
 */
export function useTierEndReason(artistId: string): string | null {
  const sync = useContext(SyncContext);
  const userId = sync?.userId ?? null;
  const db = userId && !sync?.error ? sync?.db : null;
  const source = useMemo(
    () =>
      db && userId
        ? db.subscriptions
            .findOne(`${userId}|${artistId}`)
            .$.pipe(map((doc) => (doc && !doc.deleted ? (doc.access_ended_reason ?? null) : null)))
        : null,
    [db, userId, artistId],
  );
  return useObservableValue<string | null>(source, null);
}
