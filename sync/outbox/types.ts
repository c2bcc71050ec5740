/**
 * Outbox entry types.
 * Invariants: an entry belongs to exactly one `userId` and is never listed or sent for anyone
 * else; `id` doubles as the TUS fingerprint; `contentItemId` and `objectPath` are fixed when the
 * entry is created, so every retry targets the same object and the same content_items row; the
 * file's Blob lives in its own table under the entry id (progress writes never copy it) and is
 * deleted only once the entry is `completed` or removed.
 */

export const UPLOAD_STATUSES = ['pending', 'uploading', 'completed', 'error'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export const SUBSCRIPTION_TIER_IDS = ['free', 'tier1', 'tier2', 'tier3'] as const;
export type SubscriptionTierId = (typeof SUBSCRIPTION_TIER_IDS)[number];

/** An upload queue item's `metadata`. */
export interface UploadMetadata {
  title: string;
  album: string;
  genre: string;
  description: string;
  tags: string[];
  credits: string;
  collaborators: string[];
  isPublic: boolean;
  subscriptionTier: SubscriptionTierId;
  /** ISO timestamp or null (= unlock manually later). */
  unlockDate: string | null;
  /** Simple upload modal only: ISO date of the release. */
  releaseDate?: string | null;
}

export interface OutboxEntry {
  /** Outbox entry id (uuid); also the TUS fingerprint. */
  id: string;
  userId: string;
  /** Queue order: files go one at a time in this order. */
  seq: number;
  createdAt: number;
  updatedAt: number;
  /** Name, type, size of the file. */
  name: string;
  type: string;
  size: number;
  metadata: UploadMetadata;
  status: UploadStatus;
  /** 0-100, the real transferred fraction. */
  progress: number;
  bytesUploaded: number;
  attempts: number;
  lastError: string | null;
  /** TUS upload URL of the current upload, for resuming after a reload. */
  tusUploadUrl: string | null;
  /** True once the object is known to be stored completely on the server. */
  objectStored: boolean;
  /** Client-generated content_items id: the row write is idempotent. */
  contentItemId: string;
  /** `{userId}/{timestamp}-{title}.{ext}` inside bucket `content`. */
  objectPath: string;
}

/** What the UI hands to the outbox for one file. */
export interface EnqueueFile {
  file: Blob;
  name: string;
  type: string;
  metadata: UploadMetadata;
}
