/** Synced drop rows + the fan's own interactions → the carousel's LockerItem list. */
import type { LockerInteractionDoc } from '../../../sync/schemas/locker-interactions';
import type { LockerItemDoc } from '../../../sync/schemas/locker-items';
import { sampleArtwork } from '../../sample/artists';
import { sortLockerItems } from './locker-actions';
import type { LockerItem } from './types';

export function lockerItemsFromRows(rows: LockerItemDoc[], interactions: LockerInteractionDoc[], now: Date): LockerItem[] {
  const mine = new Map(interactions.filter((i) => i.sync_state !== 'rejected').map((i) => [i.item_id, i]));
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
        reactions: { heart: row.heart_count + bump('heart'), fire: row.fire_count + bump('fire'), star: row.star_count + bump('star') },
        userReaction: reaction,
        isSaved: own?.saved ?? false,
        isUsed: own?.used ?? false,
        shareCount: row.share_count + (own?.shared ? 1 : 0),
        commentCount: row.comment_count,
        fanTierRequired: row.fan_tier_required,
        claimedDate: own?.claimed_date ?? undefined,
        priority: row.priority,
      };
    }),
  );
}
