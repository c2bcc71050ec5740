/**
 * The fan dashboard's panels below the locker: stats, the feed tabs and the side panel. Their own
 * chunk, mounted when scrolled near (FanDashboardPage), reading the followed artists' activity
 * themselves so a feed sync re-renders only them.
 */
import { Grid } from '@mantine/core';
import type { CSSProperties } from 'react';
import { DashboardTabs } from './DashboardTabs';
import { SidePanel } from './SidePanel';
import { StatsPanel } from './StatsPanel';
import type { FanSubscription } from './types';
import { useFanDashboardData } from './use-fan-dashboard-data';
import { useFollowedActivity } from './use-followed-activity';

/** Laid out and painted only when on screen (content-visibility); `auto` keeps the last height. */
const BELOW_FOLD: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 1400px' };

export interface FanPanelsProps {
  mock: boolean;
  subscriptions: FanSubscription[] | null;
  contentUnlocked: number | null;
}

export function FanPanels({ mock, subscriptions, contentUnlocked }: FanPanelsProps) {
  const activity = useFollowedActivity();
  const data = useFanDashboardData(mock, { subscriptions, contentUnlocked, activity });
  return (
    <Grid gap="md" style={BELOW_FOLD}>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <StatsPanel stats={data.stats} subscriptions={data.subscriptions} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <DashboardTabs activity={data.activity} recommendations={data.recommendations} library={data.library} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <SidePanel trending={data.trending} upcoming={data.upcoming} />
      </Grid.Col>
    </Grid>
  );
}
