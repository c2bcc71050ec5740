/** Synced drop rows + the fan's own interactions → the carousel's LockerItem list. */
import type { LockerCommentDoc, LockerInteractionDoc, LockerItemDoc } from '@sync/model';
import { sampleArtwork } from '@/sample/artists';
import { sortLockerItems } from './locker-actions';
import type { LockerItem } from './types';

export function lockerItemsFromRows(
  rows: LockerItemDoc[],
  interactions: LockerInteractionDoc[],
  now: Date,
  comments: Pick<LockerCommentDoc, 'item_id' | 'sync_state'>[] = [],
): LockerItem[] {
  const mine = new Map(interactions.filter((i) => i.sync_state !== 'rejected').map((i) => [i.item_id, i]));
  // Server counts are the drop's published numbers; the fan's own comments are added on the device.
  const ownComments = new Map<string, number>();
  for (const c of comments)
    if (c.sync_state !== 'rejected') ownComments.set(c.item_id, (ownComments.get(c.item_id) ?? 0) + 1);
  return sortLockerItems(
    rows.map((row) => {
      const own = mine.get(row.id);
      const reaction = own?.reaction ?? null;
      // Server counts exclude this fan's own pending reaction: add it on the device.
      const bump = (kind: 'heart' | 'fire' | 'star') => (reaction === kind ? 1 : 0);
      return {
        id: row.id,
        type: row.type,
        title: row.title,
        artist: row.artist,
        description: row.description,
        thumbnail: row.thumbnail || sampleArtwork(`locker-${row.id}`, row.title.slice(0, 1)),
        rarity: row.rarity,
        isNew: row.is_new,
        timeLeft: Math.floor((Date.parse(row.expires_at) - now.getTime()) / 60_000),
        codeValue: row.code_value ?? undefined,
        brandName: row.brand_name ?? undefined,
        reactions: {
          heart: row.heart_count + bump('heart'),
          fire: row.fire_count + bump('fire'),
          star: row.star_count + bump('star'),
        },
        userReaction: reaction,
        isSaved: own?.saved ?? false,
        isUsed: own?.used ?? false,
        shareCount: row.share_count + (own?.shared ? 1 : 0),
        commentCount: row.comment_count + (ownComments.get(row.id) ?? 0),
        fanTierRequired: row.fan_tier_required,
        claimedDate: own?.claimed_date ?? undefined,
        priority: row.priority,
      };
    }),
  );
}

/** Messages for the fan's locker writes the server refused (they are rolled back on the device). */
export function refusedLockerMessages(
  rows: Pick<LockerItemDoc, 'id' | 'title'>[],
  interactions: Pick<LockerInteractionDoc, 'item_id' | 'sync_state' | 'sync_error'>[],
  comments: Pick<LockerCommentDoc, 'item_id' | 'sync_state' | 'sync_error'>[],
): string[] {
  const title = (id: string) => rows.find((r) => r.id === id)?.title ?? 'this drop';
  const reason = (e: { message?: string } | null | undefined) => e?.message ?? 'the server refused it';
  return [
    ...interactions
      .filter((i) => i.sync_state === 'rejected')
      .map((i) => `Your reaction on ${title(i.item_id)} was not saved: ${reason(i.sync_error)}`),
    ...comments
      .filter((c) => c.sync_state === 'rejected')
      .map((c) => `Your comment on ${title(c.item_id)} was not posted: ${reason(c.sync_error)}`),
  ];
}
