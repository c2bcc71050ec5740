/**
 * Who may play, download or keep an artist's item — ONE pure rule
 * shared by the UI (Locked badges, play/download buttons) and the tests that check the server's
 * RLS and storage policies against it (public.can_read_content, migration 20261122100200).
 * Invariants: the artist always; nobody signed out; anyone else only when the item is RELEASED
 * (public, or its unlock date has passed) AND their tier with that artist reaches the item's
 * required tier (not following = free, so released 'free' items are open to every signed-in
 * user). The server is the real guard; tests/integration/fans checks this function against it.
 */

export type ContentTier = 'free' | 'tier1' | 'tier2' | 'tier3';

export const CONTENT_TIERS: readonly ContentTier[] = ['free', 'tier1', 'tier2', 'tier3'];

/** Numeric rank of a tier (free 0 … tier3 3). */
export function tierRank(tier: ContentTier): number {
  return CONTENT_TIERS.indexOf(tier);
}

export interface EntitlementItem {
  artistId: string;
  isPublic: boolean;
  /** ISO timestamp or null (unlocked manually later). */
  unlockDate: string | null;
  tierRequired: ContentTier;
}

export interface EntitlementViewer {
  /** Signed-in user id, null when signed out. */
  userId: string | null;
  /** The viewer's live subscription tier with this item's artist; null when not following (= free). */
  followTier: ContentTier | null;
}

export function hasUnlocked(unlockDate: string | null, now: number): boolean {
  if (!unlockDate) return false;
  const at = Date.parse(unlockDate);
  return !Number.isNaN(at) && at <= now;
}

/** True when the viewer may read the whole item and its stored object. */
export function canAccessContent(item: EntitlementItem, viewer: EntitlementViewer, now: number = Date.now()): boolean {
  if (!viewer.userId) return false;
  if (viewer.userId === item.artistId) return true;
  const released = item.isPublic || hasUnlocked(item.unlockDate, now);
  return released && tierRank(viewer.followTier ?? 'free') >= tierRank(item.tierRequired);
}
