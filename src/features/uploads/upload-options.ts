/** Option lists of the upload forms. */
import type { SubscriptionTierId, UploadStatus } from '@sync/outbox';

/** The upload form's genre subset. */
export const UPLOAD_GENRES = ['Electronic', 'Hip-Hop', 'R&B', 'Indie Rock', 'Folk', 'Jazz', 'Pop', 'Alternative'];

export const SUBSCRIPTION_TIER_OPTIONS: { value: SubscriptionTierId; label: string }[] = [
  { value: 'free', label: 'Free' },
  { value: 'tier1', label: 'Tier 1 ($5/month)' },
  { value: 'tier2', label: 'Tier 2 ($10/month)' },
  { value: 'tier3', label: 'Tier 3 ($20/month)' },
];

export const STATUS_COLOR: Record<UploadStatus, string> = {
  pending: 'gray',
  uploading: 'blue',
  completed: 'green',
  error: 'red',
};
