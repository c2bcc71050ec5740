import { lazy, Suspense, useContext } from 'react';
import { SyncContext } from '@/data/sync-context';

// Loaded with the signed-in user's engine: visitors on public pages never download it.
const SyncIndicator = lazy(() => import('./SyncIndicator').then((m) => ({ default: m.SyncIndicator })));

/** The header's sync badge: shown only while a signed-in user's local database is open. */
export function HeaderSyncStatus() {
  const sync = useContext(SyncContext);
  if (!sync?.engine) return null;
  return (
    <Suspense fallback={null}>
      <SyncIndicator />
    </Suspense>
  );
}
