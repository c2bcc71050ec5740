import { Alert, Box, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconGift } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ClaimCelebration } from './ClaimCelebration';
import { replacedNote } from './replaced-note';
import { claimableToday } from './reward-rules';
import { RewardDayCell } from './RewardDayCell';
import { RewardDayModal, type RewardDayHandlers } from './RewardDayModal';
import classes from './RewardsCalendar.module.css';
import { StreakSummary } from './StreakSummary';
import type { DailyReward } from './types';
import { useRewardClaim } from './use-reward-claim';

export interface DailyRewardsCalendarProps extends RewardDayHandlers {
  /** The 30 days, day 1 first. */
  rewards: DailyReward[];
  streak: number;
  /** The fan's numeric tier, shown in the summary. */
  fanTier?: number;
  /** Runs after the ~1.5 s spinner; a rejection shows its message instead of the celebration. */
  onClaim?: (day: number) => void | Promise<void>;
  title?: string;
}

/** Daily Rewards: streak summary, 7-column grid, today's banner, day detail and claiming. */
export function DailyRewardsCalendar({
  rewards,
  streak,
  fanTier,
  onClaim,
  title = 'Daily Rewards',
  ...handlers
}: DailyRewardsCalendarProps) {
  const [openDay, setOpenDay] = useState<number | null>(null);
  const closeDetail = useCallback(() => setOpenDay(null), []);
  const { state: claim, claim: runClaim, dismiss } = useRewardClaim(onClaim, closeDetail);
  const today = claimableToday(rewards);
  const claimed = rewards.filter((reward) => reward.isClaimed).length;
  const openReward = rewards.find((reward) => reward.day === openDay) ?? null;
  const celebratingDay = claim.phase === 'celebrating' ? claim.day : null;
  const claimingToday = claim.phase === 'claiming' && claim.day === today?.day;
  const todayNote = today ? replacedNote(today) : null;

  function startClaim(day: number) {
    void runClaim(day);
  }

  return (
    <Card withBorder radius="lg" padding="md" pos="relative">
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        <StreakSummary streak={streak} claimed={claimed} fanTier={fanTier} />

        {today || claimingToday ? (
          <Alert variant="light" color="yellow" radius="lg" icon={<IconGift size={20} />} title="Today's Reward Ready!">
            <Group justify="space-between" gap="xs">
              <div>
                <Text size="sm">
                  Day {today?.day}: {today?.title}
                </Text>
                {todayNote ? <Text size="xs">{todayNote}</Text> : null}
              </div>
              <Button
                color="yellow"
                size="compact-md"
                onClick={() => today && startClaim(today.day)}
                disabled={claim.phase === 'claiming'}
                leftSection={claimingToday ? <Loader size={14} color="dark" /> : null}
              >
                {claimingToday ? 'Claiming...' : 'Claim Now'}
              </Button>
            </Group>
          </Alert>
        ) : null}

        {claim.phase === 'failed' ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title="Reward not claimed"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={dismiss}
          >
            {claim.message}
          </Alert>
        ) : null}

        <Box role="group" aria-label="Reward calendar, 30 days">
          <div className={classes.grid}>
            {rewards.map((reward) => (
              <RewardDayCell key={reward.day} reward={reward} onOpen={setOpenDay} />
            ))}
          </div>
        </Box>
      </Stack>

      <ClaimCelebration day={celebratingDay} title={rewards.find((reward) => reward.day === celebratingDay)?.title} />
      <RewardDayModal reward={openReward} claim={claim} onClose={closeDetail} onClaim={startClaim} {...handlers} />
    </Card>
  );
}
