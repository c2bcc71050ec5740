/** Pure state changes for locker interactions: the same rules the optimistic UI and the tests use. */
import type { LockerItem, ReactionKind } from './types';

/** Choosing the current reaction again removes it; choosing another moves the fan's one reaction. */
export function applyReaction(item: LockerItem, reaction: ReactionKind): LockerItem {
  const reactions = { ...item.reactions };
  const previous = item.userReaction;
  if (previous) reactions[previous] = Math.max(0, reactions[previous] - 1);
  if (previous === reaction) return { ...item, reactions, userReaction: null };
  reactions[reaction] += 1;
  return { ...item, reactions, userReaction: reaction };
}

export function toggleSaved(item: LockerItem): LockerItem {
  return { ...item, isSaved: !item.isSaved };
}

export function markShared(item: LockerItem): LockerItem {
  return { ...item, shareCount: item.shareCount + 1 };
}

export function markUsed(item: LockerItem): LockerItem {
  return { ...item, isUsed: true };
}

export function addComment(item: LockerItem): LockerItem {
  return { ...item, commentCount: item.commentCount + 1 };
}

/** A fan may comment when their numeric tier reaches the item's fanTierRequired. */
export function canComment(fanTier: number, item: Pick<LockerItem, 'fanTierRequired'>): boolean {
  return fanTier >= item.fanTierRequired;
}

export function commentBlockedLabel(item: Pick<LockerItem, 'fanTierRequired'>): string {
  return `Tier ${item.fanTierRequired}+ Required to Comment`;
}

/** Higher priority first (1 is the top drop), then the drop closest to expiring. */
export function sortLockerItems(items: LockerItem[]): LockerItem[] {
  return [...items].sort((a, b) => a.priority - b.priority || a.timeLeft - b.timeLeft);
}
