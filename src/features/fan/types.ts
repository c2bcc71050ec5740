/** Fan dashboard data shapes. */
export type ActivityType = 'new_drop' | 'milestone' | 'live_event' | 'collaboration' | 'other';

export interface ActivityItem {
  id: string;
  type: ActivityType;
  artist: string;
  title: string;
  timeAgo: string;
  thumbnail: string;
  isNew: boolean;
  /** Sample content shown by the 'Mock Data' switch (badged "Sample"); absent on real items. */
  sample?: boolean;
}

export type SubscriptionTier = 'free' | 'tier1' | 'tier2' | 'tier3';

export interface FanSubscription {
  id: string;
  artistId: string;
  artistName: string;
  avatar: string;
  tier: SubscriptionTier;
  /** US dollars per month. */
  price: number;
  /** A sample subscription shown by the 'Mock Data' switch (badged "Sample"). */
  sample?: boolean;
  /** The artist's announcement of an upcoming release and its day (YYYY-MM-DD), if any. */
  announcement?: { note: string; on: string };
}

export interface TrendingEntry {
  id: string;
  name: string;
  genre: string;
  monthlyListeners: number;
  /** Week-over-week growth in percent. */
  growth: number;
  avatar: string;
}

export interface UpcomingEvent {
  id: string;
  title: string;
  artist: string;
  /** ISO date-time, or a date (YYYY-MM-DD) for an announced release day. */
  startsAt: string;
  kind: 'release' | 'live' | 'drop';
  /** A sample event shown by the 'Mock Data' switch (badged "Sample"). */
  sample?: boolean;
}

export interface LibraryEntry {
  id: string;
  title: string;
  artist: string;
  kind: 'music' | 'video' | 'image' | 'code';
  thumbnail: string;
  savedAgo: string;
}

export interface Recommendation {
  id: string;
  name: string;
  genre: string;
  avatar: string;
  reason: string;
  subscribers: number;
}

export interface FanStats {
  activeSubscriptions: number;
  /** US dollars spent on subscriptions this month. */
  thisMonth: number;
  contentUnlocked: number;
}
