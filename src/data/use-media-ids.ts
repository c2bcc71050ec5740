// The signed-in user's MediaIDs (one per role), live from the local database.
import { useMemo } from 'react';
import { map } from 'rxjs';
import type { MediaIdDoc, Role } from '@sync';
import { useObservableValue } from './use-observable-value';
import { useSyncContext } from './use-sync-engine';

const NONE: MediaIdDoc[] = [];

export function useMediaIds(): MediaIdDoc[] {
  const { db, userId } = useSyncContext();
  const source = useMemo(
    () =>
      db && userId
        ? db.media_ids
            .find({ selector: { user_uuid: userId }, sort: [{ id: 'asc' }] })
            .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON() as MediaIdDoc)))
        : null,
    [db, userId],
  );
  return useObservableValue(source, NONE);
}

export function useMediaId(role: Role): MediaIdDoc | null {
  const all = useMediaIds();
  return useMemo(() => all.find((m) => m.role === role) ?? null, [all, role]);
}
