/**
 * Synced rows → the calendar's DailyReward list. A claim the server refused (sync_state
 * 'rejected') counts as not claimed: that is the local rollback, and its message is surfaced.
 */
import type { DailyRewardDoc, RewardClaimDoc } from '@sync/model';
import { sampleArtwork } from '@/sample/artists';
import type { DailyReward } from './types';

export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function rewardsFromRows(rows: DailyRewardDoc[], claims: RewardClaimDoc[], today: Date): DailyReward[] {
  const todayIso = localIsoDate(today);
  const accepted = new Map(claims.filter((c) => c.sync_state !== 'rejected').map((c) => [c.day, c]));
  return [...rows]
    .sort((a, b) => a.day - b.day)
    .map((row) => {
      const claim = accepted.get(row.day);
      return {
        day: row.day,
        type: row.type,
        rarity: row.rarity,
        isToday: row.unlock_date === todayIso,
        isUnlocked: row.unlock_date <= todayIso || row.unlocked_early,
        isClaimed: Boolean(claim),
        streakBonus: row.streak_bonus,
        title: row.title,
        artist: row.artist,
        description: row.description,
        thumbnail: row.thumbnail || sampleArtwork(`reward-${row.day}`, String(row.day)),
        brandName: row.brand_name ?? undefined,
        replaced:
          row.replaced_brand_name || row.replaced_title
            ? { brandName: row.replaced_brand_name ?? null, title: row.replaced_title ?? null }
            : undefined,
        unlockDate: row.unlock_date,
        isReacted: claim?.reacted,
        isSaved: claim?.saved,
      };
    });
}

/** Messages of claims the server refused, for the fan to read. */
export function refusedClaimMessages(claims: RewardClaimDoc[]): string[] {
  return claims
    .filter((c) => c.sync_state === 'rejected')
    .map((c) => {
      // the server's reasons may start with the day already ("Day 6: this reward ran out…")
      const reason = (c.sync_error?.message ?? 'the server refused it').replace(new RegExp(`^Day ${c.day}: `), '');
      return `Day ${c.day} could not be claimed: ${reason}`;
    });
}
