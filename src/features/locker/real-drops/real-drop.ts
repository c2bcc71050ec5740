/**
 * A followed artist's item (synced `followed_content` row) → a Daily Locker drop. Invariants:
 * real drops never expire (they stay while the fan follows), come before the sample drops,
 * newest first; `locked` is the server's answer (public fields only then, no object path).
 */
import type { FollowedContentDoc } from '../../../../sync/schemas/followed-content';
import { formatDateTime } from '../../../lib/format';
import { sampleArtwork } from '../../../sample/artists';
import type { LockerItem, LockerItemType, Rarity } from '../types';

export interface RealDrop {
  contentId: string;
  artistId: string;
  filePath: string | null;
  mimeType: string;
  locked: boolean;
  tierRequired: FollowedContentDoc['subscription_tier_required'];
  /** Why it is locked, in words (an upcoming unlock date, else the tier it needs). */
  lockedReason: string | null;
}

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

/** A scheduled drop (issue 31) is locked until its date; otherwise a locked drop needs a higher tier. */
function lockedReason(row: FollowedContentDoc, now: Date, noun = 'track'): string | null {
  if (!row.locked) return null;
  const at = row.unlock_date ? Date.parse(row.unlock_date) : Number.NaN;
  if (!row.is_public && at > now.getTime()) {
    const tier =
      row.subscription_tier_required === 'free' ? '' : ` for ${tierLabel(row.subscription_tier_required)} and up`;
    return `Unlocks ${formatDateTime(at)}${tier}`;
  }
  return `${tierLabel(row.subscription_tier_required)} and up unlocks this ${noun}`;
}

function lockerType(mime: string | null): LockerItemType {
  if (!mime) return 'other';
  if (mime.startsWith('audio/')) return 'music';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('image/')) return 'image';
  return 'other';
}

export function realDropsFromRows(rows: readonly FollowedContentDoc[], now: Date): LockerItem[] {
  return [...rows]
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id))
    .map((row) => ({
      id: row.id,
      type: lockerType(row.file_type),
      title: row.title,
      artist: row.artist_name,
      description: row.description ?? (row.locked ? `${lockedReason(row, now, 'release')}.` : ''),
      thumbnail: sampleArtwork(`real-${row.id}`, row.title.slice(0, 1)),
      rarity: RARITY[row.subscription_tier_required],
      isNew: now.getTime() - Date.parse(row.created_at) < 24 * 60 * 60_000,
      timeLeft: REAL_DROP_MINUTES,
      reactions: { heart: 0, fire: 0, star: 0 },
      userReaction: null,
      isSaved: false,
      isUsed: false,
      shareCount: 0,
      commentCount: 0,
      fanTierRequired: TIER_NUMBER[row.subscription_tier_required],
      priority: 0,
      real: {
        contentId: row.id,
        artistId: row.artist_id,
        filePath: row.locked ? null : row.file_path,
        mimeType: row.file_type ?? 'application/octet-stream',
        locked: row.locked || !row.file_path,
        tierRequired: row.subscription_tier_required,
        lockedReason: lockedReason(row, now),
      },
    }));
}
