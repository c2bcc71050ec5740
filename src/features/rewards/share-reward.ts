/** Sharing a claimed reward: a link to its day on the fan dashboard, through the shared helper. */
import { shareLink, type ShareOutcome } from '@/lib/share-link';
import type { DailyReward } from './types';

export function shareReward(reward: Pick<DailyReward, 'day' | 'title' | 'artist'>): Promise<ShareOutcome> {
  const url = `${window.location.origin}/dashboard/fan#reward-day-${reward.day}`;
  return shareLink({ title: reward.title, text: `Day ${reward.day} reward: ${reward.title} by ${reward.artist}`, url });
}
