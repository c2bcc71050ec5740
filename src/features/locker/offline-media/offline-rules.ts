/** Which drops can be kept for offline listening, and how storage is described (pure). */
import type { LockerItem } from '../types';

/** A music drop the fan has unlocked (their tier reaches it) and that has not expired. */
export function canKeepOffline(
  item: Pick<LockerItem, 'type' | 'fanTierRequired'>,
  fanTier: number,
  minutesLeft: number,
): boolean {
  return item.type === 'music' && fanTier >= item.fanTierRequired && minutesLeft > 0;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1,024-based, one decimal under 10 ("646 KB", "1.3 MB", "0 B"). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 || value >= 10 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${UNITS[unit]}`;
}

export interface StorageSummaryInput {
  trackCount: number;
  keptBytes: number;
  /** navigator.storage.estimate(); null where the browser has no estimate. */
  estimate: { usage?: number; quota?: number } | null;
}

/** "2 tracks kept offline · 1.3 MB" and, when known, "This site uses 4.1 MB of 2 GB on this device". */
export function storageSummary({ trackCount, keptBytes, estimate }: StorageSummaryInput): {
  kept: string;
  device: string | null;
} {
  const kept =
    trackCount === 0
      ? 'No tracks kept offline'
      : `${trackCount} ${trackCount === 1 ? 'track' : 'tracks'} kept offline · ${formatBytes(keptBytes)}`;
  const device =
    estimate && typeof estimate.usage === 'number'
      ? `This app uses ${formatBytes(estimate.usage)}${typeof estimate.quota === 'number' ? ` of ${formatBytes(estimate.quota)}` : ''} on this device`
      : null;
  return { kept, device };
}

/** The IndexedDB database of kept tracks (offline-media-store.ts). */
export const OFFLINE_MEDIA_DB_NAME = 'bucket-offline-media';

/** BroadcastChannel on which a tab announces a track kept (see `useOfflineMedia`). */
export const OFFLINE_MEDIA_CHANNEL = 'bucket-offline-media';
