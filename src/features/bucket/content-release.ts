/**
 * What the artist sees of an item's access: its tier and release state, in words.
 * The state itself is the sync engine's pure rule (the server enforces the same model).
 */
import { releaseStateOf, type ReleaseFields, type ReleaseState, type ContentTier } from '@sync/model';
import { formatDate, formatDateTime } from '@/lib/format';

export { releaseStateOf, type ReleaseState };

export const TIER_LABELS: Record<ContentTier, string> = {
  free: 'Free',
  tier1: 'Tier 1',
  tier2: 'Tier 2',
  tier3: 'Tier 3',
};

/**
 * "Draft", "Scheduled 12/03/26" (the time is in `unlockLine`), "Released", or "Not released" when
 * fans cannot have it although it is due: the server refused the row, or has not verified its file.
 */
export function releaseLabel(
  item: ReleaseFields,
  now = Date.now(),
  blocked: { rejected?: boolean; unverified?: boolean } = {},
): string {
  const state = releaseStateOf(item, now);
  if (state === 'released' && (blocked.rejected || blocked.unverified)) return 'Not released';
  if (state === 'scheduled' && item.unlock_date) return `Scheduled ${formatDate(item.unlock_date)}`;
  return state === 'draft' ? 'Draft' : 'Released';
}

/** A line about the unlock date, when there is one that matters. */
export function unlockLine(item: ReleaseFields, now = Date.now()): string | null {
  if (item.is_public || !item.unlock_date) return null;
  const state = releaseStateOf(item, now);
  if (state === 'scheduled') return `Unlocks ${formatDateTime(item.unlock_date)}`;
  return `Unlocked ${formatDateTime(item.unlock_date)}`;
}
