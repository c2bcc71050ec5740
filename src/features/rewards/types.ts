/** One day of a fan's 30-day reward calendar. */
export type RewardType = 'music' | 'video' | 'code' | 'bonus';
export type RewardRarity = 'common' | 'rare' | 'epic' | 'legendary';

export interface DailyReward {
  /** 1-30. */
  day: number;
  type: RewardType;
  rarity: RewardRarity;
  isToday: boolean;
  isUnlocked: boolean;
  isClaimed: boolean;
  /** True on days that add a streak bonus. */
  streakBonus: boolean;
  title: string;
  artist: string;
  description: string;
  thumbnail: string;
  brandName?: string;
  /** The brand code this day replaced because the brand stopped its campaign (server-owned). */
  replaced?: { brandName: string | null; title: string | null };
  /** ISO date (yyyy-mm-dd) the day unlocks; shown in the grid when present. */
  unlockDate?: string;
  /** The fan's own interactions with a claimed reward. */
  isReacted?: boolean;
  isSaved?: boolean;
}

export type RewardDayState = 'locked' | 'claimable' | 'claimed';
