/** Sharing a drop: the Web Share API where the browser has it, else the link goes to the clipboard. */
import type { LockerItem } from './types';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export function dropUrl(item: Pick<LockerItem, 'id'>, origin: string): string {
  return `${origin}/dashboard/fan#drop-${encodeURIComponent(item.id)}`;
}

export async function shareDrop(item: Pick<LockerItem, 'id' | 'title' | 'artist'>): Promise<ShareOutcome> {
  const url = dropUrl(item, window.location.origin);
  const data = { title: item.title, text: `${item.title} by ${item.artist} on Bucket`, url };
  if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      // The fan closed the share sheet: not an error worth a message.
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
