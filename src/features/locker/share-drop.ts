/** Sharing a drop: a link to it on the fan dashboard, through the shared share-or-copy helper. */
import { shareLink, type ShareOutcome } from '@/lib/share-link';
import type { LockerItem } from './types';

export type { ShareOutcome };

export function shareDrop(item: Pick<LockerItem, 'id' | 'title' | 'artist'>): Promise<ShareOutcome> {
  const url = `${window.location.origin}/dashboard/fan#drop-${encodeURIComponent(item.id)}`;
  return shareLink({ title: item.title, text: `${item.title} by ${item.artist} on Bucket`, url });
}
