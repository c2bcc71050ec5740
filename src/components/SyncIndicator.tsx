// Header badge: what the local-first engine is doing, honestly — offline, syncing, synced or
// how many local changes wait; the last successful sync time is in the tooltip.
import { Badge, Tooltip } from '@mantine/core';
import { useSyncStatus, type SyncStatusView } from '../data';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
});

export function syncBadgeLabel({ status, pending }: Pick<SyncStatusView, 'status' | 'pending'>): string {
  if (pending > 0 && status !== 'syncing') return `${pending} ${pending === 1 ? 'change' : 'changes'} waiting`;
  if (status === 'offline') return 'Offline';
  if (status === 'error') return 'Sync error';
  if (status === 'syncing') return 'Syncing…';
  return 'Synced';
}

const COLORS: Record<SyncStatusView['status'], string> = {
  offline: 'gray',
  syncing: 'blue',
  synced: 'green',
  error: 'red',
};

export function SyncIndicator() {
  const view = useSyncStatus();
  const last = view.lastSyncedAt ? `Last synced ${dateFormat.format(view.lastSyncedAt)}` : 'Not synced yet';
  const rejected = view.rejected > 0 ? ` · ${view.rejected} not accepted by the server` : '';
  return (
    <Tooltip label={`${last}${rejected}`} withArrow>
      <Badge
        color={view.pending > 0 && view.status !== 'syncing' ? 'yellow' : COLORS[view.status]}
        variant="light"
        role="status"
        aria-live="polite"
        tabIndex={0}
      >
        {syncBadgeLabel(view)}
      </Badge>
    </Tooltip>
  );
}
