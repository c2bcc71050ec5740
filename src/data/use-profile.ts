// The signed-in user's profile row (null until it exists locally).
import { useMemo } from 'react';
import { map } from 'rxjs';
import type { ProfileDoc } from '../../sync';
import { useObservableValue } from './use-observable-value';
import { useSyncContext } from './use-sync-engine';

export function useProfile(): ProfileDoc | null {
  const { db, userId } = useSyncContext();
  const source = useMemo(
    () =>
      db && userId
        ? db.profiles.findOne(userId).$.pipe(map((doc) => (doc ? (doc.toMutableJSON() as ProfileDoc) : null)))
        : null,
    [db, userId],
  );
  return useObservableValue<ProfileDoc | null>(source, null);
}
