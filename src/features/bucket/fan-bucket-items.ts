/**
 * A real artist's items as a fan sees them: Locked follows the one
 * entitlement rule (sync/fans/entitlement.ts) with the fan's follow tier; a locked item never
 * carries a download path, so play and download cannot show for it.
 */
import { canAccessContent, type ContentTier } from '@sync/model';
import { bucketTypeOf, type BucketItem } from './bucket-types';

export interface FanContentRow {
  id: string;
  artist_id: string;
  title: string;
  file_path: string | null;
  file_type: string | null;
  file_size: number | null;
  metadata: Record<string, unknown>;
  is_public: boolean;
  subscription_tier_required: ContentTier;
  unlock_date: string | null;
  created_at: string;
}

export function fanBucketItem(
  row: FanContentRow,
  viewer: { userId: string | null; followTier: ContentTier | null },
  artistName: string,
  now: number = Date.now(),
): BucketItem {
  const entitled = canAccessContent(
    {
      artistId: row.artist_id,
      isPublic: row.is_public,
      unlockDate: row.unlock_date,
      tierRequired: row.subscription_tier_required,
    },
    viewer,
    now,
  );
  const album = typeof row.metadata.album === 'string' ? row.metadata.album : undefined;
  return {
    id: row.id,
    name: row.title,
    type: bucketTypeOf(row.file_type ?? ''),
    uploadDate: row.created_at,
    size: row.file_size ?? 0,
    metadata: { album, artist: artistName },
    // The server hides the path of what the fan may not read; either signal locks the item.
    isLocked: !entitled || !row.file_path,
    downloadUrl: entitled ? row.file_path : null,
  };
}
