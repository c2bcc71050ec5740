/**
 * content_items rows and outbox entries → bucket items.
 * A row is locked unless it is public or its unlock date has passed; an outbox entry shows until
 * its row exists locally, so a file is never listed twice.
 */
import type { OutboxEntry } from '@sync/outbox';
import type { ContentTier } from '@sync/model';
import { bucketTypeOf, type BucketItem, type ManagedContent } from './bucket-types';

export interface ContentRowLike {
  id: string;
  title: string;
  file_path: string;
  file_type: string;
  file_size: number;
  metadata: Record<string, unknown>;
  is_public: boolean;
  unlock_date: string | null;
  created_at: string;
  /** Present on the artist's own rows (local database): what the bucket lets them manage. */
  subscription_tier_required?: ContentTier;
  description?: string | null;
  sync_state?: ManagedContent['syncState'];
  sync_error?: { message: string } | null;
  file_verified?: boolean | null;
  file_check?: string | null;
}

function fileCheckOf(row: ContentRowLike): ManagedContent['fileCheck'] {
  if (row.file_verified === true) return 'verified';
  if (row.file_verified !== false) return 'unknown';
  return row.file_check ? 'refused' : 'waiting';
}

function managedOf(row: ContentRowLike): ManagedContent | undefined {
  if (!row.subscription_tier_required) return undefined;
  return {
    description: row.description ?? null,
    tier: row.subscription_tier_required,
    isPublic: row.is_public,
    unlockDate: row.unlock_date,
    syncState: row.sync_state ?? 'clean',
    syncError: row.sync_state === 'rejected' ? (row.sync_error?.message ?? 'Refused by the server') : null,
    fileCheck: fileCheckOf(row),
    fileNote: row.file_verified === false ? (row.file_check ?? null) : null,
  };
}

export function isContentLocked(row: Pick<ContentRowLike, 'is_public' | 'unlock_date'>, now = Date.now()): boolean {
  if (row.is_public) return false;
  if (!row.unlock_date) return true;
  const unlockAt = Date.parse(row.unlock_date);
  return Number.isNaN(unlockAt) || unlockAt > now;
}

export function contentRowToBucketItem(row: ContentRowLike, artistName?: string, now = Date.now()): BucketItem {
  const album = typeof row.metadata.album === 'string' ? row.metadata.album : undefined;
  return {
    id: row.id,
    name: row.title,
    type: bucketTypeOf(row.file_type),
    uploadDate: row.created_at,
    size: row.file_size,
    metadata: { album, ...(artistName ? { artist: artistName } : {}) },
    isLocked: isContentLocked(row, now),
    downloadUrl: row.file_path,
    managed: managedOf(row),
  };
}

export function outboxEntryToBucketItem(entry: OutboxEntry): BucketItem {
  return {
    id: `outbox:${entry.id}`,
    name: entry.metadata.title || entry.name,
    type: bucketTypeOf(entry.type),
    uploadDate: new Date(entry.createdAt).toISOString(),
    size: entry.size,
    metadata: { album: entry.metadata.album || undefined },
    isLocked: !entry.metadata.isPublic,
    downloadUrl: null,
    upload: { status: entry.status, progress: entry.progress },
  };
}

/** Rows first; outbox entries only while uploading (their row is not in the local database yet). */
export function mergeBucketItems(
  rows: readonly ContentRowLike[],
  entries: readonly OutboxEntry[],
  artistName?: string,
  now = Date.now(),
): BucketItem[] {
  const known = new Set(rows.map((row) => row.id));
  return [
    ...rows.map((row) => contentRowToBucketItem(row, artistName, now)),
    // A completed entry's row was written before it completed: if the row is gone, it was deleted.
    ...entries
      .filter((entry) => entry.status !== 'completed' && !known.has(entry.contentItemId))
      .map(outboxEntryToBucketItem),
  ];
}
