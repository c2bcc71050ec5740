import { Alert, Card, Container, Grid, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { memo, useState, type CSSProperties } from 'react';
import { CompactRoleSwitcher } from '../roles';
import { useStagedReveal } from '../../lib/use-after-first-paint';
import { useAuthUser } from '../../lib/use-auth-snapshot';
import { useFirstSyncPending } from '../../data/use-first-sync-pending';
import { DailyLockerCarousel, LockerSkeleton, OfflineMediaSummary, useOfflineMedia } from '../locker';
import { DailyRewardsCalendar, NoRewardsYet } from '../rewards';
import { DashboardTabs } from './DashboardTabs';
import { fanDisplayName, fanGreetingWord } from './display-name';
import { FAN_DASHBOARD_CONTAINER, FanGreeting } from './FanGreeting';
import { SidePanel } from './SidePanel';
import { StatsPanel } from './StatsPanel';
import { useFanDashboardData } from './use-fan-dashboard-data';
import { useFanLocker } from './use-fan-locker';
import { useFollowedActivity } from './use-followed-activity';
import { useFanRewards } from './use-fan-rewards';
import { useFanSubscriptions } from './use-fan-subscriptions';

// Sync updates re-render the page often during a first sync; these panels change only with their props.
const RoleSwitcher = memo(CompactRoleSwitcher);
const Stats = memo(StatsPanel);
const FeedTabs = memo(DashboardTabs);
const Side = memo(SidePanel);
const LockerCarousel = memo(DailyLockerCarousel);
const MediaSummary = memo(OfflineMediaSummary);
const RewardsCalendar = memo(DailyRewardsCalendar);

/**
 * Below the fold on a phone: laid out and painted only when scrolled near (content-visibility), so
 * the first screen's style and layout passes skip them. They stay in the DOM and the accessibility
 * tree (find in page, Tab, screen readers); `auto` keeps each one's last laid-out height.
 */
const BELOW_FOLD_PANELS: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 1400px' };
const BELOW_FOLD_REWARDS: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 720px' };

/** `/dashboard/fan` (spec §2 Fan dashboard): greeting, Daily Locker, feed tabs, panels and rewards. */
export function FanDashboardPage() {
  const user = useAuthUser();
  // 'Mock Data' is off for a signed-in fan (issue 40 item 8): their own data first; on where nobody is signed in (demos)
  const [mock, setMock] = useState(!user);
  const { items, source: lockerSource, refused: lockerRefused, ...lockerHandlers } = useFanLocker();
  const rewards = useFanRewards();
  const subscriptions = useFanSubscriptions();
  const media = useOfflineMedia(user?.id ?? 'local');
  // A new device shows the skeleton, not 'Your Locker is Empty', until its first sync has finished.
  const firstSyncPending = useFirstSyncPending();
  const activity = useFollowedActivity();
  // Claimed reward days, releases of followed artists the fan's tier opens, and claimed/used drops.
  const contentUnlocked =
    lockerSource === 'synced'
      ? rewards.rewards.filter((r) => r.isClaimed).length +
        items.filter((i) => (i.real ? !i.real.locked : i.isUsed || i.claimedDate)).length
      : null;
  const data = useFanDashboardData(mock, { subscriptions, contentUnlocked, activity });
  // The greeting and the Daily Locker paint first; the panels, then the rewards, follow (one short
  // commit each, after a paint).
  const belowFold = useStagedReveal(2);

  return (
    <Container {...FAN_DASHBOARD_CONTAINER}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <FanGreeting name={fanDisplayName(user)} greeting={fanGreetingWord(user)} />
          <Group gap="md">
            <Switch label="Mock Data" checked={mock} onChange={(event) => setMock(event.currentTarget.checked)} />
            <RoleSwitcher />
          </Group>
        </Group>

        <Stack gap="sm" component="section" aria-labelledby="daily-locker-title">
          <Title order={2} size="h3" id="daily-locker-title">
            Daily Locker
          </Title>
          {lockerRefused.map((message) => (
            <Alert key={message} color="red" title="Change rolled back">
              {message}
            </Alert>
          ))}
          {lockerSource === 'loading' || (items.length === 0 && firstSyncPending) ? (
            <LockerSkeleton />
          ) : (
            <LockerCarousel items={items} fanTier={data.fanTier} media={media} {...lockerHandlers} />
          )}
          <MediaSummary media={media} />
        </Stack>

        {belowFold >= 1 ? (
          <Grid gap="md" style={BELOW_FOLD_PANELS}>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Stats stats={data.stats} subscriptions={data.subscriptions} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <FeedTabs activity={data.activity} recommendations={data.recommendations} library={data.library} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Side trending={data.trending} upcoming={data.upcoming} />
            </Grid.Col>
          </Grid>
        ) : null}

        {belowFold >= 2 ? (
          <>
            {rewards.refused.map((message) => (
              <Alert key={message} color="red" title="Reward claim rolled back">
                {message}
              </Alert>
            ))}
            <section aria-label="Daily Rewards" style={BELOW_FOLD_REWARDS}>
              {rewards.source === 'loading' && firstSyncPending ? (
                <Card withBorder radius="lg" padding="md">
                  <Title order={2} size="h3">
                    Daily Rewards
                  </Title>
                  <Text c="dimmed" size="sm" mt="xs">
                    Your reward calendar appears here after its first sync.
                  </Text>
                </Card>
              ) : rewards.source === 'loading' ? (
                <NoRewardsYet fanTier={data.fanTier} />
              ) : (
                <RewardsCalendar
                  rewards={rewards.rewards}
                  streak={rewards.streak}
                  fanTier={data.fanTier}
                  onClaim={rewards.onClaim}
                  onReact={rewards.onReact}
                  onSave={rewards.onSave}
                />
              )}
            </section>
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
