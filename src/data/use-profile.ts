// The signed-in user's profile row (null until it exists locally).
import { useContext, useMemo } from 'react';
import { map } from 'rxjs';
import type { ProfileDoc } from '@sync';
import { useObservableValue } from './use-observable-value';
import { SyncContext } from './sync-context';

/** Null too outside a SyncProvider (the e2e in-memory auth harness mounts none). */
export function useProfile(): ProfileDoc | null {
  const sync = useContext(SyncContext);
  const db = sync?.db ?? null;
  const userId = sync?.userId ?? null;
  const source = useMemo(
    () =>
      db && userId
        ? db.profiles.findOne(userId).$.pipe(map((doc) => (doc ? (doc.toMutableJSON() as ProfileDoc) : null)))
        : null,
    [db, userId],
  );
  return useObservableValue<ProfileDoc | null>(source, null);
}
