/**
 * The Daily Rewards section of the fan dashboard, as its own chunk (the calendar, its modal and
 * celebration are not needed for the greeting and the locker). The rewards feature's components
 * are used as they are; this only chooses which one shows.
 */
import { Card, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { DailyRewardsCalendar, NoRewardsYet } from '@/features/rewards';
import type { useFanRewards } from './use-fan-rewards';

/** Laid out and painted only when on screen (content-visibility); `auto` keeps the last height. */
const BELOW_FOLD: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 720px' };

export interface FanRewardsPanelProps {
  rewards: ReturnType<typeof useFanRewards>;
  fanTier: number;
}

export function FanRewardsPanel({ rewards, fanTier }: FanRewardsPanelProps) {
  return (
    <section aria-label="Daily Rewards" style={BELOW_FOLD}>
      {rewards.source === 'loading' && rewards.awaitingFirstSync ? (
        <Card withBorder radius="lg" padding="md">
          <Title order={2} size="h3">
            Daily Rewards
          </Title>
          <Text c="dimmed" size="sm" mt="xs">
            Your reward calendar appears here after its first sync.
          </Text>
        </Card>
      ) : rewards.source === 'loading' ? (
        <NoRewardsYet fanTier={fanTier} />
      ) : (
        <DailyRewardsCalendar
          rewards={rewards.rewards}
          streak={rewards.streak}
          fanTier={fanTier}
          onClaim={rewards.onClaim}
          onReact={rewards.onReact}
          onSave={rewards.onSave}
        />
      )}
    </section>
  );
}
