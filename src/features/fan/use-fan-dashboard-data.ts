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
import type { ActivityItem, FanStats, FanSubscription, LibraryEntry, Recommendation, TrendingEntry, UpcomingEvent } from './types';

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

/**
 * The dashboard's feed, stats and panels. With `mock` on they show the sample data; off they show
 * only real data, which does not exist yet for these panels (so they show their empty messages).
 */
export function useFanDashboardData(mock: boolean): FanDashboardData {
  return useMemo(() => {
    const subscriptions = mock ? SAMPLE_SUBSCRIPTIONS : [];
    return {
      activity: mock ? SAMPLE_ACTIVITY : [],
      subscriptions,
      stats: {
        activeSubscriptions: subscriptions.length,
        thisMonth: monthlySpend(subscriptions),
        contentUnlocked: mock ? SAMPLE_CONTENT_UNLOCKED : 0,
      },
      fanTier: fanTierFromSubscriptions(subscriptions),
      trending: mock ? SAMPLE_TRENDING : [],
      upcoming: mock ? SAMPLE_UPCOMING : [],
      library: mock ? SAMPLE_LIBRARY : [],
      recommendations: mock ? SAMPLE_RECOMMENDATIONS : [],
    };
  }, [mock]);
}
