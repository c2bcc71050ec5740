// Whether the signed-in user's first sync on this device is still under way: until it has
// finished once, an empty local list means "not here yet" rather than "empty". Derived from
// local facts only (the engine's shared sync meta and the browser's online flag): offline, or
// once a request has failed, it is false, so screens show their real empty state.
//
// The engine reports the first sync finished (an urgent update) before a screen's queries have
// delivered what it wrote (each emission renders in a transition), so a screen whose rows are
// empty must not take 'synced' as 'empty' from rows read before it: `afterFirstSync` marks each
// emission of a screen's rows, and `useAwaitingFirstSync` waits for rows read after it.
import { useContext, useMemo } from 'react';
import { distinctUntilChanged, map, of, switchMap, type Observable } from 'rxjs';
import type { SyncEngine } from '@sync';
import { useOnline } from '@/lib/use-online';
import { SyncContext } from './sync-context';
import { useObservableValue } from './use-observable-value';

/**
 * 'pending' while this device's first sync is under way, 'synced' once one has finished, 'none'
 * where none is on its way (signed out, no database, offline, or a request failed).
 */
export type FirstSyncState = 'pending' | 'synced' | 'none';

export function useFirstSyncPending(): boolean {
  return useFirstSyncState() === 'pending';
}

export function useFirstSyncState(): FirstSyncState {
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
  if (!sync?.userId || sync.error) return 'none';
  if (synced) return 'synced';
  return online && !failed ? 'pending' : 'none';
}

/**
 * `rows()` (a screen's local queries), each emission marked with whether it was read after this
 * device's first sync had finished. The queries start again when it finishes, so the first marked
 * emission reads what the sync stored.
 */
export function afterFirstSync<T>(
  engine: SyncEngine | null,
  rows: () => Observable<T>,
): Observable<{ rows: T; afterSync: boolean }> {
  const synced$ = engine
    ? engine.lastSyncedAt$.pipe(
        map((at) => at !== null),
        distinctUntilChanged(),
      )
    : of(false);
  return synced$.pipe(switchMap((afterSync) => rows().pipe(map((value) => ({ rows: value, afterSync })))));
}

/**
 * Whether a screen with no rows yet should still say 'loading': the first sync is under way, or it
 * has finished and the screen's rows (`afterSync` from `afterFirstSync`; undefined before its
 * queries first emit) were read before it.
 */
export function useAwaitingFirstSync(afterSync: boolean | undefined): boolean {
  const state = useFirstSyncState();
  return state === 'pending' || (state === 'synced' && afterSync !== true);
}
