import { useMemo } from 'react';
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
  /** Claimed reward days plus claimed/used drops; null without a local database. */
  contentUnlocked: number | null;
}

/**
 * The dashboard's feed, stats and panels. With `mock` on they show the sample data; off they show
 * only real data: the synced subscriptions and unlocked count where they exist, else the empty
 * messages. The fan tier always comes from real subscriptions when they exist, because the
 * server applies the same tier to comments.
 */
export function useFanDashboardData(
  mock: boolean,
  real: FanRealData = { subscriptions: null, contentUnlocked: null },
): FanDashboardData {
  const { subscriptions: realSubscriptions, contentUnlocked } = real;
  return useMemo(() => {
    const subscriptions = mock ? SAMPLE_SUBSCRIPTIONS : (realSubscriptions ?? []);
    return {
      activity: mock ? SAMPLE_ACTIVITY : [],
      subscriptions,
      stats: {
        activeSubscriptions: subscriptions.length,
        thisMonth: monthlySpend(subscriptions),
        contentUnlocked: mock ? SAMPLE_CONTENT_UNLOCKED : (contentUnlocked ?? 0),
      },
      fanTier: fanTierFromSubscriptions(realSubscriptions ?? subscriptions),
      trending: mock ? SAMPLE_TRENDING : [],
      upcoming: mock ? SAMPLE_UPCOMING : [],
      library: mock ? SAMPLE_LIBRARY : [],
      recommendations: mock ? SAMPLE_RECOMMENDATIONS : [],
    };
  }, [mock, realSubscriptions, contentUnlocked]);
}
