/** One drop in a fan's Daily Locker. */
import type { FollowedContentDoc } from '@sync/model';

export type LockerItemType = 'music' | 'video' | 'code' | 'event' | 'image' | 'bonus' | 'other';
export type Rarity = 'common' | 'rare' | 'epic' | 'legendary';
export type ReactionKind = 'heart' | 'fire' | 'star';

export interface LockerReactions {
  heart: number;
  fire: number;
  star: number;
}

export interface LockerItem {
  id: string;
  type: LockerItemType;
  title: string;
  artist: string;
  description: string;
  thumbnail: string;
  rarity: Rarity;
  isNew: boolean;
  /** Minutes left until the drop expires. */
  timeLeft: number;
  /** Brand drops carry a redeemable code. */
  codeValue?: string;
  brandName?: string;
  reactions: LockerReactions;
  userReaction: ReactionKind | null;
  isSaved: boolean;
  isUsed: boolean;
  shareCount: number;
  commentCount: number;
  /** Numeric fan tier needed to comment. */
  fanTierRequired: number;
  /** ISO date the fan claimed the drop, if any. */
  claimedDate?: string;
  priority: number;
  /** Present for a followed artist's real item; absent for sample drops. */
  real?: RealDrop;
}

/** The real content behind a drop (src/features/locker/real-drops). */
export interface RealDrop {
  contentId: string;
  artistId: string;
  filePath: string | null;
  mimeType: string;
  locked: boolean;
  tierRequired: FollowedContentDoc['subscription_tier_required'];
  /** The fan's tier with this artist (0 free … 3): comments need fanTierRequired or more. */
  fanTier: number;
  /** When a not-yet-released item opens (null: when the artist publishes it). */
  unlockDate: string | null;
}
