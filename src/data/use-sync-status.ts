// Sync status for the header: status, local changes waiting, rejected rows, last sync time.
import type { SyncStatus } from '../../sync';
import { useObservableValue } from './use-observable-value';
import { useSyncEngine } from './use-sync-engine';

export interface SyncStatusView {
  status: SyncStatus;
  pending: number;
  rejected: number;
  lastSyncedAt: Date | null;
}

export function useSyncStatus(): SyncStatusView {
  const engine = useSyncEngine();
  const status = useObservableValue<SyncStatus>(engine?.status$ ?? null, 'offline');
  const pending = useObservableValue(engine?.pendingCount$ ?? null, 0);
  const rejected = useObservableValue(engine?.rejectedCount$ ?? null, 0);
  const lastSyncedAt = useObservableValue<Date | null>(engine?.lastSyncedAt$ ?? null, null);
  return { status, pending, rejected, lastSyncedAt };
}
