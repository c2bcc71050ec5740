/**
 * 'Your Feed' activity from the followed artists' real releases (synced `followed_content` rows):
 * one 'new_drop' item per release, newest first. They come before any sample item.
 */
import type { FollowedContentDoc } from '@sync/model';
import { sampleArtwork } from '@/sample/artists';
import type { ActivityItem } from './types';

const DAY_MS = 24 * 60 * 60_000;
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 60 * 60_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" (en-US). */
export function timeAgo(iso: string, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - Date.parse(iso));
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return relative.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}

export function activityFromFollowedContent(
  rows: readonly Pick<FollowedContentDoc, 'id' | 'artist_name' | 'title' | 'created_at'>[],
  now: Date,
): ActivityItem[] {
  return [...rows]
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id))
    .map((row) => ({
      id: `real-${row.id}`,
      type: 'new_drop' as const,
      artist: row.artist_name,
      title: row.title,
      timeAgo: timeAgo(row.created_at, now),
      thumbnail: sampleArtwork(`real-${row.id}`, row.title.slice(0, 1)),
      isNew: now.getTime() - Date.parse(row.created_at) < DAY_MS,
    }));
}
