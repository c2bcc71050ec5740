// Header badge: what the local-first engine is doing, honestly. The dot and the resting label
// say how other devices' changes arrive — Live (realtime channel joined), Polling (periodic pull
// only) or Offline; while something happens the label says what (syncing, changes waiting,
// sync error). The tooltip explains the mode and gives the last successful sync time.
import { Badge, Box, Tooltip, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ConnectionMode } from '@sync';
import { useSyncStatus, type SyncStatusView } from '@/data';
import { formatDateTime } from '@/lib/format';
import classes from './HeaderBadge.module.css';

const MODE_LABELS: Record<ConnectionMode, string> = { live: 'Live', polling: 'Polling', offline: 'Offline' };

const MODE_HINTS: Record<ConnectionMode, string> = {
  live: 'Live: changes from your other devices appear as they happen',
  polling: 'Polling: changes from your other devices arrive at the next check',
  offline: 'Offline: your changes are kept on this device until you reconnect',
};

type LabelFacts = Pick<SyncStatusView, 'status' | 'pending' | 'connection'>;

export function syncBadgeLabel({ status, pending, connection }: LabelFacts): string {
  if (pending > 0 && status !== 'syncing') return `${pending} ${pending === 1 ? 'change' : 'changes'} waiting`;
  if (status === 'offline') return 'Offline';
  if (status === 'error') return 'Sync error';
  if (status === 'syncing') return 'Syncing…';
  return MODE_LABELS[connection];
}

/** The label on a phone, where the header is narrow (the full label stays for screen readers). */
export function syncBadgeShortLabel(facts: LabelFacts): string {
  if (facts.pending > 0 && facts.status !== 'syncing') return `${facts.pending} waiting`;
  return syncBadgeLabel(facts);
}

/** Said to screen readers after the label when the label does not name the mode itself. */
export function syncModeSuffix(facts: LabelFacts): string {
  const mode = MODE_LABELS[facts.connection];
  return syncBadgeLabel(facts) === mode ? '' : `, ${mode.toLowerCase()}`;
}

const STATUS_COLORS: Record<SyncStatusView['status'], string> = {
  offline: 'gray',
  syncing: 'blue',
  synced: 'green',
  error: 'red',
};

const DOT_COLORS: Record<ConnectionMode, string> = {
  live: 'var(--mantine-color-green-6)',
  polling: 'var(--mantine-color-yellow-6)',
  offline: 'var(--mantine-color-gray-6)',
};

function badgeColor(view: SyncStatusView): string {
  if (view.pending > 0 && view.status !== 'syncing') return 'yellow';
  if (view.status === 'synced' && view.connection === 'polling') return 'cyan';
  return STATUS_COLORS[view.status];
}

/**
 * Mantine's Tooltip mounts on the first hover or focus of the badge: mounted with the badge, it
 * sets its anchor and portal in layout effects, a synchronous re-render (and layout) in the very
 * commit that shows the header's badge while the dashboard loads. It is shown while the badge is
 * hovered or focused; the badge renders again inside it, so focus moves to the new one.
 */
export function SyncIndicator() {
  const view = useSyncStatus();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [armed, setArmed] = useState(false);
  const badgeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The badge rendered inside the tooltip takes the focus of the one it replaced.
    if (armed && focused) badgeRef.current?.focus();
  }, [armed, focused]);
  const last = view.lastSyncedAt ? `Last synced ${formatDateTime(view.lastSyncedAt)}` : 'Not synced yet';
  const rejected = view.rejected > 0 ? ` · ${view.rejected} not accepted by the server` : '';
  const badge = (
    <Badge
      ref={badgeRef}
      color={badgeColor(view)}
      variant="light"
      role="status"
      aria-live="polite"
      tabIndex={0}
      data-connection={view.connection}
      onPointerEnter={() => {
        setHovered(true);
        setArmed(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        setArmed(true);
      }}
      onBlur={() => setFocused(false)}
      leftSection={
        <Box
          component="span"
          aria-hidden
          w={8}
          h={8}
          style={{ borderRadius: '50%', display: 'inline-block', background: DOT_COLORS[view.connection] }}
        />
      }
    >
      <VisuallyHidden>Sync: </VisuallyHidden>
      <span className={classes.full}>{syncBadgeLabel(view)}</span>
      <span className={classes.short} aria-hidden>
        {syncBadgeShortLabel(view)}
      </span>
      <VisuallyHidden>{syncModeSuffix(view)}</VisuallyHidden>
    </Badge>
  );
  if (!armed) return badge;
  return (
    <Tooltip
      label={`${MODE_HINTS[view.connection]} · ${last}${rejected}`}
      withArrow
      multiline
      maw={280}
      opened={hovered || focused}
    >
      {badge}
    </Tooltip>
  );
}
