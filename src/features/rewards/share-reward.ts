/** Sharing a claimed reward: Web Share API, else the link goes to the clipboard. */
import type { DailyReward } from './types';

export async function shareReward(reward: Pick<DailyReward, 'day' | 'title' | 'artist'>): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  const url = `${window.location.origin}/dashboard/fan#reward-day-${reward.day}`;
  const data = { title: reward.title, text: `Day ${reward.day} reward: ${reward.title} by ${reward.artist}`, url };
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
