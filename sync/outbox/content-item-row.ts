/**
 * The content_items row an outbox entry becomes.
 * Invariants: `id` is the entry's client-generated `contentItemId`, so writing the row again after
 * a retry updates the same row and never adds a second one; `file_path` is the object path inside
 * bucket `content`; metadata carries album, genre, tags, credits and collaborators (plus
 * release_date when the simple upload modal gave one).
 */
import { titleFromFileName } from './object-path';
import type { OutboxEntry, SubscriptionTierId } from './types';

export interface ContentItemInput {
  id: string;
  artist_id: string;
  title: string;
  description: string | null;
  file_path: string;
  file_type: string;
  file_size: number;
  metadata: {
    album: string;
    genre: string;
    tags: string[];
    credits: string;
    collaborators: string[];
    release_date?: string;
  };
  is_public: boolean;
  subscription_tier_required: SubscriptionTierId;
  unlock_date: string | null;
}

export function contentItemFromEntry(entry: OutboxEntry): ContentItemInput {
  const { metadata } = entry;
  const title = metadata.title.trim() || titleFromFileName(entry.name);
  return {
    id: entry.contentItemId,
    artist_id: entry.userId,
    title,
    description: metadata.description.trim() ? metadata.description : null,
    file_path: entry.objectPath,
    file_type: entry.type || 'application/octet-stream',
    file_size: entry.size,
    metadata: {
      album: metadata.album,
      genre: metadata.genre,
      tags: metadata.tags,
      credits: metadata.credits,
      collaborators: metadata.collaborators,
      ...(metadata.releaseDate ? { release_date: metadata.releaseDate } : {}),
    },
    is_public: metadata.isPublic,
    subscription_tier_required: metadata.subscriptionTier,
    unlock_date: metadata.isPublic ? null : metadata.unlockDate,
  };
}
