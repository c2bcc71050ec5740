/** A bucket item, plus the outbox state of files still being uploaded. */
import type { ContentTier } from '@sync/model';
import type { UploadStatus } from '@sync/outbox';

export type BucketItemType = 'audio' | 'folder' | 'image' | 'document' | 'other';
export type BucketViewer = 'artist' | 'fan';
export type BucketFilter = 'all' | 'audio' | 'unlocked' | 'locked';
export type BucketSort = 'date' | 'name' | 'type';

export interface BucketItem {
  id: string;
  name: string;
  type: BucketItemType;
  /** ISO timestamp. */
  uploadDate: string;
  /** Bytes. */
  size: number;
  metadata: { duration?: string; artist?: string; album?: string };
  isLocked: boolean;
  /** A playable/downloadable URL, or a storage path that `resolveUrl` signs; null when none. */
  downloadUrl: string | null;
  children?: BucketItem[];
  /** Present while the file is still in the uploader's outbox. */
  upload?: { status: UploadStatus; progress: number };
  /** The artist's own row: what they manage (tier, release, details) and its sync state. */
  managed?: ManagedContent;
}

export interface ManagedContent {
  description: string | null;
  tier: ContentTier;
  isPublic: boolean;
  /** ISO timestamp or null. */
  unlockDate: string | null;
  /** 'dirty' = a local change waiting to sync; 'rejected' = the server refused it (syncError says why). */
  syncState: 'clean' | 'dirty' | 'rejected';
  syncError: string | null;
  /** The server's check of the stored file: 'verified', 'refused' (fileNote says why), 'waiting'
   * (the server has not verified it yet), or 'unknown' (not pulled since it was written). */
  fileCheck: 'verified' | 'refused' | 'waiting' | 'unknown';
  fileNote: string | null;
}

/** Audio, image or document from the file's MIME type. */
export function demoTypeOf(mimeType: string): 'audio' | 'image' | 'document' {
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('image/')) return 'image';
  return 'document';
}

/** Real content: audio, image, document (pdf/text), else other (video and the rest). */
export function bucketTypeOf(mimeType: string): BucketItemType {
  const type = mimeType.toLowerCase();
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf' || type.startsWith('text/')) return 'document';
  return 'other';
}
