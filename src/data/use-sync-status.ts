// Sync status for the header: status, connection mode, local changes waiting, rejected rows,
// last sync time.
import type { ConnectionMode, SyncStatus } from '@sync';
import { useObservableValue } from './use-observable-value';
import { useSyncEngine } from './use-sync-engine';

export interface SyncStatusView {
  status: SyncStatus;
  connection: ConnectionMode;
  pending: number;
  rejected: number;
  lastSyncedAt: Date | null;
}

export function useSyncStatus(): SyncStatusView {
  const engine = useSyncEngine();
  const status = useObservableValue<SyncStatus>(engine?.status$ ?? null, 'offline');
  const connection = useObservableValue<ConnectionMode>(engine?.connection$ ?? null, 'offline');
  const pending = useObservableValue(engine?.pendingCount$ ?? null, 0);
  const rejected = useObservableValue(engine?.rejectedCount$ ?? null, 0);
  const lastSyncedAt = useObservableValue<Date | null>(engine?.lastSyncedAt$ ?? null, null);
  return { status, connection, pending, rejected, lastSyncedAt };
}
