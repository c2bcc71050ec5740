// Whether the signed-in user's first sync on this device is still under way: until it has
// finished once, an empty local list means "not here yet" rather than "empty". Derived from
// local facts only (the engine's shared sync meta and the browser's online flag): offline, or
// once a request has failed, it is false, so screens show their real empty state.
import { useContext, useMemo } from 'react';
import { distinctUntilChanged, map } from 'rxjs';
import { useOnline } from '@/lib/use-online';
import { SyncContext } from './sync-context';
import { useObservableValue } from './use-observable-value';

export function useFirstSyncPending(): boolean {
  const sync = useContext(SyncContext);
  const online = useOnline();
  const engine = sync?.engine ?? null;
  // Booleans, not the Date/failure objects: a later sync cycle must not re-render the page.
  const synced$ = useMemo(
    () =>
      engine?.lastSyncedAt$.pipe(
        map((at) => at !== null),
        distinctUntilChanged(),
      ) ?? null,
    [engine],
  );
  const failed$ = useMemo(
    () =>
      engine?.failure$.pipe(
        map((failure) => failure !== null),
        distinctUntilChanged(),
      ) ?? null,
    [engine],
  );
  const synced = useObservableValue(synced$, false);
  const failed = useObservableValue(failed$, false);
  if (!sync?.userId || sync.error || !online) return false;
  return !synced && !failed;
}
