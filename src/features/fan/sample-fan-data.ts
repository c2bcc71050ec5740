/** The fan dashboard's sample data (the 'Mock Data' toggle, default on, shows it). */
import { SAMPLE_ARTISTS, sampleArtwork, type SampleArtist } from '@/sample/artists';
import type {
  ActivityItem,
  FanSubscription,
  LibraryEntry,
  Recommendation,
  TrendingEntry,
  UpcomingEvent,
} from './types';

function artist(index: number): SampleArtist {
  return SAMPLE_ARTISTS[index % SAMPLE_ARTISTS.length]!;
}

export const SAMPLE_ACTIVITY: ActivityItem[] = [
  {
    id: 'a1',
    type: 'new_drop',
    artist: artist(0).name,
    title: 'Static Bloom (Live Cut) is in your locker',
    timeAgo: '2h ago',
    thumbnail: artist(0).latestDrop.thumbnail,
    isNew: true,
  },
  {
    id: 'a2',
    type: 'live_event',
    artist: artist(2).name,
    title: 'Going live: Paper Lungs listening party',
    timeAgo: '4h ago',
    thumbnail: artist(2).latestDrop.thumbnail,
    isNew: true,
  },
  {
    id: 'a3',
    type: 'milestone',
    artist: artist(1).name,
    title: 'Reached 20K subscribers — thank-you drop inside',
    timeAgo: '1d ago',
    thumbnail: artist(1).latestDrop.thumbnail,
    isNew: false,
  },
  {
    id: 'a4',
    type: 'collaboration',
    artist: artist(3).name,
    title: 'Night-drive capsule with Analog Threads',
    timeAgo: '2d ago',
    thumbnail: artist(3).latestDrop.thumbnail,
    isNew: false,
  },
  {
    id: 'a5',
    type: 'new_drop',
    artist: artist(8).name,
    title: 'Glass Heart Session (video)',
    timeAgo: '3d ago',
    thumbnail: artist(8).latestDrop.thumbnail,
    isNew: false,
  },
];

const SUBSCRIBED: [index: number, tier: FanSubscription['tier'], tierIndex: number][] = [
  [0, 'tier3', 2],
  [1, 'tier2', 1],
  [2, 'tier1', 0],
];

export const SAMPLE_SUBSCRIPTIONS: FanSubscription[] = SUBSCRIBED.map(([index, tier, tierIndex]) => ({
  id: `sub-${artist(index).id}`,
  artistId: artist(index).id,
  artistName: artist(index).name,
  avatar: artist(index).avatar,
  tier,
  price: artist(index).subscriptionTiers[tierIndex]?.price ?? 0,
}));

export const SAMPLE_CONTENT_UNLOCKED = 1_284;

export const SAMPLE_TRENDING: TrendingEntry[] = [2, 8, 5, 0].map((index, rank) => ({
  id: artist(index).id,
  name: artist(index).name,
  genre: artist(index).genre,
  monthlyListeners: artist(index).monthlyListeners,
  growth: [38, 24, 17, 9][rank] ?? 0,
  avatar: artist(index).avatar,
}));

function inDays(days: number, hour: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(hour, 0, 0, 0);
  return date.toISOString();
}

export const SAMPLE_UPCOMING: UpcomingEvent[] = [
  { id: 'u1', title: 'Paper Lungs — full album', artist: artist(2).name, startsAt: inDays(1, 18), kind: 'release' },
  { id: 'u2', title: 'Warehouse live stream', artist: artist(0).name, startsAt: inDays(3, 21), kind: 'live' },
  { id: 'u3', title: 'Legendary locker drop', artist: artist(1).name, startsAt: inDays(6, 12), kind: 'drop' },
];

export const SAMPLE_LIBRARY: LibraryEntry[] = [
  {
    id: 'l1',
    title: 'Static Bloom (Live Cut)',
    artist: artist(0).name,
    kind: 'music',
    thumbnail: sampleArtwork('lib-1', '♪'),
    savedAgo: 'Saved today',
  },
  {
    id: 'l2',
    title: 'Cathedral Fog — Studio Session',
    artist: artist(1).name,
    kind: 'video',
    thumbnail: sampleArtwork('lib-2', '▶'),
    savedAgo: 'Saved yesterday',
  },
  {
    id: 'l3',
    title: 'NIGHTDRIVE20 merch code',
    artist: artist(3).name,
    kind: 'code',
    thumbnail: sampleArtwork('lib-3', '%'),
    savedAgo: 'Saved 3 days ago',
  },
  {
    id: 'l4',
    title: 'Shibuya 3AM artwork',
    artist: artist(11).name,
    kind: 'image',
    thumbnail: sampleArtwork('lib-4', '◐'),
    savedAgo: 'Saved last week',
  },
];

export const SAMPLE_RECOMMENDATIONS: Recommendation[] = [4, 6, 10, 9].map((index) => ({
  id: artist(index).id,
  name: artist(index).name,
  genre: artist(index).genre,
  avatar: artist(index).avatar,
  subscribers: artist(index).subscribers,
  reason: `Because you follow ${artist(index % 3).name}`,
}));
