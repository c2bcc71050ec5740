// Whether the signed-in user's first sync on this device is still under way: until it has
// finished once, an empty local list means "not here yet" rather than "empty". Derived from
// local facts only (the engine's shared sync meta and the browser's online flag): offline, or
// once a request has failed, it is false, so screens show their real empty state.
import { useContext } from 'react';
import { useOnline } from '../lib/use-online';
import { SyncContext } from './sync-context';
import { useObservableValue } from './use-observable-value';

export function useFirstSyncPending(): boolean {
  const sync = useContext(SyncContext);
  const online = useOnline();
  const engine = sync?.engine ?? null;
  const lastSyncedAt = useObservableValue<Date | null>(engine?.lastSyncedAt$ ?? null, null);
  const failure = useObservableValue<unknown>(engine?.failure$ ?? null, null);
  if (!sync?.userId || sync.error || !online) return false;
  return lastSyncedAt === null && failure === null;
}
