import { useMemo } from 'react';
import { localCalendarDate } from '@/lib/format';
import { fanTierFromSubscriptions, monthlySpend } from './fan-tier';
import {
  SAMPLE_ACTIVITY,
  SAMPLE_CONTENT_UNLOCKED,
  SAMPLE_LIBRARY,
  SAMPLE_RECOMMENDATIONS,
  SAMPLE_SUBSCRIPTIONS,
  SAMPLE_TRENDING,
  SAMPLE_UPCOMING,
} from './sample-fan-data';
import type {
  ActivityItem,
  FanStats,
  FanSubscription,
  LibraryEntry,
  Recommendation,
  TrendingEntry,
  UpcomingEvent,
} from './types';

export interface FanDashboardData {
  activity: ActivityItem[];
  subscriptions: FanSubscription[];
  stats: FanStats;
  fanTier: number;
  trending: TrendingEntry[];
  upcoming: UpcomingEvent[];
  library: LibraryEntry[];
  recommendations: Recommendation[];
}

export interface FanRealData {
  /** The fan's synced subscriptions; null without a local database. */
  subscriptions: FanSubscription[] | null;
  /** Claimed reward days plus unlocked releases and claimed/used drops; null without a local database. */
  contentUnlocked: number | null;
  /** Followed artists' releases as feed items; null without a local database. */
  activity?: ActivityItem[] | null;
}

const asSample = <T extends object>(items: readonly T[]): (T & { sample: true })[] =>
  items.map((item) => ({ ...item, sample: true as const }));
const SAMPLE_SUBSCRIPTION_ITEMS = asSample(SAMPLE_SUBSCRIPTIONS);
const SAMPLE_ACTIVITY_ITEMS = asSample(SAMPLE_ACTIVITY);
const SAMPLE_UPCOMING_ITEMS = asSample(SAMPLE_UPCOMING);

/** Followed artists' announced releases from today on (local date), soonest first. */
export function announcedReleases(subscriptions: readonly FanSubscription[], today: string): UpcomingEvent[] {
  return subscriptions
    .filter((s) => !s.sample && s.announcement && s.announcement.on >= today)
    .map((s) => ({
      id: `announcement-${s.artistId}`,
      title: s.announcement!.note,
      artist: s.artistName,
      startsAt: s.announcement!.on,
      kind: 'release' as const,
    }))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.artist.localeCompare(b.artist));
}

/**
 * The dashboard's feed, stats and panels (real first, sample labelled). Real items —
 * the synced subscriptions and the followed artists' releases — always come first; with `mock`
 * on (spec: default on) the sample items follow, each marked `sample`. Stats and the fan tier
 * are the fan's own wherever a local database exists (the server applies the same tier to
 * comments); only without one (demos, the test harness) do they fall back to the sample.
 */
export function useFanDashboardData(
  mock: boolean,
  real: FanRealData = { subscriptions: null, contentUnlocked: null },
): FanDashboardData {
  const { subscriptions: realSubscriptions, contentUnlocked, activity: realActivity = null } = real;
  return useMemo(
    () => fanDashboardData(mock, { subscriptions: realSubscriptions, contentUnlocked, activity: realActivity }),
    [mock, realSubscriptions, contentUnlocked, realActivity],
  );
}

/** The subscriptions the stats and the fan tier count: the fan's own, else the sample with `mock` on. */
function countedSubscriptions(mock: boolean, own: FanSubscription[] | null): Pick<FanSubscription, 'tier' | 'price'>[] {
  return own ?? (mock ? SAMPLE_SUBSCRIPTIONS : []);
}

/** The fan tier alone (the locker and the rewards need it before the panels exist). */
export function fanTierOf(mock: boolean, subscriptions: FanSubscription[] | null): number {
  return fanTierFromSubscriptions(countedSubscriptions(mock, subscriptions));
}

/** The pure part of useFanDashboardData (unit-tested). */
export function fanDashboardData(mock: boolean, real: FanRealData, today = localCalendarDate()): FanDashboardData {
  const own = real.subscriptions;
  const counted = countedSubscriptions(mock, own);
  return {
    activity: [...(real.activity ?? []), ...(mock ? SAMPLE_ACTIVITY_ITEMS : [])],
    subscriptions: [...(own ?? []), ...(mock ? SAMPLE_SUBSCRIPTION_ITEMS : [])],
    stats: {
      activeSubscriptions: counted.length,
      thisMonth: monthlySpend(counted),
      contentUnlocked: own ? (real.contentUnlocked ?? 0) : mock ? SAMPLE_CONTENT_UNLOCKED : 0,
    },
    fanTier: fanTierFromSubscriptions(counted),
    trending: mock ? SAMPLE_TRENDING : [],
    upcoming: [...announcedReleases(own ?? [], today), ...(mock ? SAMPLE_UPCOMING_ITEMS : [])],
    library: mock ? SAMPLE_LIBRARY : [],
    recommendations: mock ? SAMPLE_RECOMMENDATIONS : [],
  };
}
