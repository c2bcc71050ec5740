/**
 * The sample calendar: 30 days, days up to 7 unlocked, the first 5 claimed, day 6 is
 * today; fan tier 3, streak 5. Dates are relative to "today".
 */
import { SAMPLE_ARTISTS, sampleArtwork } from '@/sample/artists';
import { REWARD_DAYS } from './reward-rules';
import type { DailyReward, RewardRarity, RewardType } from './types';

export const SAMPLE_TODAY_DAY = 6;
export const SAMPLE_FAN_TIER = 3;

const TYPES: RewardType[] = ['music', 'video', 'code', 'music', 'bonus', 'video', 'music'];
const TITLES: Record<RewardType, string[]> = {
  music: ['Unreleased Demo', 'Live Rehearsal Cut', 'Alternate Mix', 'Stem Pack', 'B-Side'],
  video: ['Studio Diary', 'Rehearsal Footage', 'Visualizer Preview'],
  code: ['Merch Discount', 'Early Ticket Code', 'Vinyl Pre-order Code'],
  bonus: ['Mystery Box', 'Double Streak Points', 'Backstage Wallpaper'],
};

function rarityFor(day: number): RewardRarity {
  if (day % 30 === 0) return 'legendary';
  if (day % 7 === 0) return 'epic';
  if (day % 3 === 0) return 'rare';
  return 'common';
}

function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function buildSampleDailyRewards(today: Date = new Date()): DailyReward[] {
  return Array.from({ length: REWARD_DAYS }, (_, i) => {
    const day = i + 1;
    const type = TYPES[i % TYPES.length] ?? 'music';
    const titles = TITLES[type];
    const artist = SAMPLE_ARTISTS[i % SAMPLE_ARTISTS.length];
    const unlock = new Date(today.getFullYear(), today.getMonth(), today.getDate() + (day - SAMPLE_TODAY_DAY));
    const title = titles[i % titles.length] ?? 'Daily Reward';
    return {
      day,
      type,
      rarity: rarityFor(day),
      isToday: day === SAMPLE_TODAY_DAY,
      isUnlocked: day <= 7,
      isClaimed: day <= 5,
      streakBonus: day % 7 === 0,
      title: `${title}`,
      artist: artist?.name ?? 'Bucket',
      description: `Day ${day} of your streak: ${title.toLowerCase()} from ${artist?.name ?? 'Bucket'}.`,
      thumbnail: sampleArtwork(`reward-${day}`, String(day)),
      brandName: type === 'code' ? 'Analog Threads' : undefined,
      unlockDate: isoDate(unlock),
    };
  });
}

export const SAMPLE_DAILY_REWARDS: DailyReward[] = buildSampleDailyRewards();
