import { Alert, Container, Group, Stack, Switch, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { MountNearViewport } from '@/components/MountNearViewport';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { useAuthUser } from '@/lib/use-auth-snapshot';
import { CompactRoleSwitcher } from '@/features/roles';
import { DailyLockerCarousel, LockerSkeleton, OfflineMediaSummary, useOfflineMedia } from '@/features/locker';
import { fanDisplayName, fanGreetingWord } from './display-name';
import { FAN_DASHBOARD_CONTAINER, FanGreeting } from './FanGreeting';
import { fanTierOf } from './use-fan-dashboard-data';
import { useFanLocker } from './use-fan-locker';
import { useFanRewards } from './use-fan-rewards';
import { useFanSubscriptions } from './use-fan-subscriptions';

// Below the locker: each its own chunk, so a visit evaluates only the first screen's code first.
const FanPanels = lazy(() => import('./FanPanels').then((m) => ({ default: m.FanPanels })));
const FanRewardsPanel = lazy(() => import('./FanRewardsPanel').then((m) => ({ default: m.FanRewardsPanel })));

/**
 * `/dashboard/fan`: greeting, Daily Locker, feed tabs, panels and rewards.
 * The first screen (greeting, locker) renders from this file's components alone; the panels mount
 * when scrolled near, the rewards after the first paint. Re-renders are left to React Compiler's
 * memoization (vite.config.ts): a sync batch re-renders only what its data reaches.
 */
export function FanDashboardPage() {
  const user = useAuthUser();
  // 'Mock Data' is off for a signed-in fan: their own data first; on where nobody is signed in (demos)
  const [mock, setMock] = useState(!user);
  const { items, source: lockerSource, refused: lockerRefused, ...lockerHandlers } = useFanLocker();
  const rewards = useFanRewards();
  const subscriptions = useFanSubscriptions();
  const media = useOfflineMedia(user?.id ?? 'local');
  const fanTier = fanTierOf(mock, subscriptions);
  // Claimed reward days, releases of followed artists the fan's tier opens, and claimed/used drops.
  const contentUnlocked =
    lockerSource === 'synced'
      ? rewards.rewards.filter((r) => r.isClaimed).length +
        items.filter((i) => (i.real ? !i.real.locked : i.isUsed || i.claimedDate)).length
      : null;
  const afterFirstPaint = useAfterFirstPaint();

  return (
    <Container {...FAN_DASHBOARD_CONTAINER}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <FanGreeting name={fanDisplayName(user)} greeting={fanGreetingWord(user)} />
          <Group gap="md">
            <Switch label="Mock Data" checked={mock} onChange={(event) => setMock(event.currentTarget.checked)} />
            <CompactRoleSwitcher />
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
          {/* also 'loading' while a new device's first sync has not delivered its drops: never 'Your Locker is Empty' then */}
          {lockerSource === 'loading' ? (
            <LockerSkeleton />
          ) : (
            <DailyLockerCarousel items={items} fanTier={fanTier} media={media} {...lockerHandlers} />
          )}
          <OfflineMediaSummary media={media} />
        </Stack>

        {/* About the panels' height on a phone (one column) and on wide screens (three). */}
        <MountNearViewport reserve={{ base: 1400, md: 640 }}>
          <Suspense fallback={null}>
            <FanPanels mock={mock} subscriptions={subscriptions} contentUnlocked={contentUnlocked} />
          </Suspense>
        </MountNearViewport>

        {rewards.refused.map((message) => (
          <Alert key={message} color="red" title="Reward claim rolled back">
            {message}
          </Alert>
        ))}
        {afterFirstPaint ? (
          <Suspense fallback={null}>
            <FanRewardsPanel rewards={rewards} fanTier={fanTier} />
          </Suspense>
        ) : null}
      </Stack>
    </Container>
  );
}
