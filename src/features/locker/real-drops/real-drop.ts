/**
 * A followed artist's item (synced `followed_content` row) → a Daily Locker drop. Invariants:
 * real drops never expire (they stay while the fan follows), come before the sample drops,
 * newest first; `locked` is the server's answer (public fields only then, no object path).
 */
import type { FollowedContentDoc, LockerCommentDoc, LockerInteractionDoc } from '@sync/model';
import { formatDateTime } from '@/lib/format';
import { sampleArtwork } from '@/sample/artists';
import type { LockerItem, LockerItemType, Rarity, RealDrop } from '../types';

/** Real drops have no countdown; this keeps the carousel's minute arithmetic meaningful. */
export const REAL_DROP_MINUTES = Number.MAX_SAFE_INTEGER;

const RARITY: Record<RealDrop['tierRequired'], Rarity> = {
  free: 'common',
  tier1: 'rare',
  tier2: 'epic',
  tier3: 'legendary',
};
const TIER_NUMBER: Record<RealDrop['tierRequired'], number> = { free: 0, tier1: 1, tier2: 2, tier3: 3 };

export function tierLabel(tier: RealDrop['tierRequired']): string {
  return tier === 'free' ? 'Free' : `Tier ${TIER_NUMBER[tier]}`;
}

/**
 * Why a locked drop is locked, once: a scheduled release says when it opens (and for which tier,
 * when the fan's is lower); otherwise it waits for a higher tier or for the artist to publish it.
 */
export function lockedReason(real: Pick<RealDrop, 'tierRequired' | 'fanTier' | 'unlockDate'>, now: Date): string {
  const belowTier = real.fanTier < TIER_NUMBER[real.tierRequired];
  const at = real.unlockDate ? Date.parse(real.unlockDate) : Number.NaN;
  if (at > now.getTime())
    return `Unlocks ${formatDateTime(at)}${belowTier ? ` for ${tierLabel(real.tierRequired)} and up` : ''}`;
  if (belowTier) return `${tierLabel(real.tierRequired)} and up unlocks this track`;
  return 'Not released yet';
}

/** Why the fan's paid tier for the artist ended (the subscription row's server-owned reason), or null. */
export function tierEndedText(reason: string | null | undefined): string | null {
  switch (reason) {
    case 'payment_failed':
      return 'Your paid tier ended: the renewal payment failed and the 7-day grace period is over.';
    case 'refunded':
      return 'Your paid tier ended: the payment was refunded.';
    case 'disputed':
      return 'Your paid tier ended: the payment was disputed.';
    case 'canceled':
      return 'Your paid tier ended with your subscription.';
    default:
      return null;
  }
}

/** Shown once a copy kept for offline listening was deleted because the track locked. */
export const KEPT_COPY_REMOVED = 'The copy kept on this device for offline listening was removed.';

/** The tier a fan can pay for to open this drop now (released, above their tier), or null. */
export function upgradeLevel(
  real: Pick<RealDrop, 'tierRequired' | 'fanTier' | 'unlockDate'>,
  now: Date,
): number | null {
  const needed = TIER_NUMBER[real.tierRequired];
  const at = real.unlockDate ? Date.parse(real.unlockDate) : Number.NaN;
  return needed > real.fanTier && !(at > now.getTime()) ? needed : null;
}

/** A locked release takes no reactions (the server refuses them); below its tier, the comment button says why. */
export function realDropActions(
  real: Pick<RealDrop, 'locked' | 'tierRequired' | 'fanTier'>,
): 'all' | 'comment-blocked' | 'none' {
  if (!real.locked) return 'all';
  return real.fanTier < TIER_NUMBER[real.tierRequired] ? 'comment-blocked' : 'none';
}

function lockerType(mime: string | null): LockerItemType {
  if (!mime) return 'other';
  if (mime.startsWith('audio/')) return 'music';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('image/')) return 'image';
  return 'other';
}

/**
 * The fan's own reactions, saves, shares and comments are the counts a real drop shows: the
 * server keeps no public tallies for releases (other fans' rows are theirs alone).
 */
export function realDropsFromRows(
  rows: readonly FollowedContentDoc[],
  now: Date,
  interactions: readonly Pick<LockerInteractionDoc, 'item_id' | 'reaction' | 'saved' | 'shared' | 'sync_state'>[] = [],
  comments: readonly Pick<LockerCommentDoc, 'item_id' | 'sync_state'>[] = [],
): LockerItem[] {
  const mine = new Map(interactions.filter((i) => i.sync_state !== 'rejected').map((i) => [i.item_id, i]));
  const ownComments = new Map<string, number>();
  for (const c of comments)
    if (c.sync_state !== 'rejected') ownComments.set(c.item_id, (ownComments.get(c.item_id) ?? 0) + 1);
  return [...rows]
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id))
    .map((row) => {
      const own = mine.get(row.id);
      const reaction = own?.reaction ?? null;
      return realDrop(row, now, {
        reactions: {
          heart: reaction === 'heart' ? 1 : 0,
          fire: reaction === 'fire' ? 1 : 0,
          star: reaction === 'star' ? 1 : 0,
        },
        userReaction: reaction,
        isSaved: own?.saved ?? false,
        shareCount: own?.shared ? 1 : 0,
        commentCount: ownComments.get(row.id) ?? 0,
      });
    });
}

type OwnFields = Pick<LockerItem, 'reactions' | 'userReaction' | 'isSaved' | 'shareCount' | 'commentCount'>;

function realDrop(row: FollowedContentDoc, now: Date, own: OwnFields): LockerItem {
  return {
    id: row.id,
    type: lockerType(row.file_type),
    title: row.title,
    artist: row.artist_name,
    // A locked row has no description; the Locked badge below says what unlocks it (once).
    description: row.description ?? '',
    thumbnail: sampleArtwork(`real-${row.id}`, row.title.slice(0, 1)),
    rarity: RARITY[row.subscription_tier_required],
    isNew: now.getTime() - Date.parse(row.created_at) < 24 * 60 * 60_000,
    timeLeft: REAL_DROP_MINUTES,
    ...own,
    isUsed: false,
    fanTierRequired: TIER_NUMBER[row.subscription_tier_required],
    priority: 0,
    real: {
      contentId: row.id,
      artistId: row.artist_id,
      filePath: row.locked ? null : row.file_path,
      mimeType: row.file_type ?? 'application/octet-stream',
      locked: row.locked || !row.file_path,
      tierRequired: row.subscription_tier_required,
      fanTier: TIER_NUMBER[row.follower_tier],
      // A public item is released whatever its date says; only a private one waits for it.
      unlockDate: row.is_public ? null : row.unlock_date,
    },
  };
}
