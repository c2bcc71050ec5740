import { Badge, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBolt, IconFlame, IconSparkles } from '@tabler/icons-react';
import { nextStreakMilestone, REWARD_DAYS, streakBadge } from './reward-rules';

/** The streak badge icons: sparkle, lightning, or one to three fires. */
export function StreakBadgeIcons({ streak, size = 18 }: { streak: number; size?: number }) {
  const badge = streakBadge(streak);
  if (badge.kind === 'sparkle') return <IconSparkles size={size} aria-hidden />;
  if (badge.kind === 'lightning') return <IconBolt size={size} aria-hidden />;
  return (
    <Group gap={0} wrap="nowrap" aria-hidden>
      {Array.from({ length: badge.fires }, (_, i) => (
        <IconFlame key={i} size={size} />
      ))}
    </Group>
  );
}

const BADGE_COLOR = { sparkle: 'violet', lightning: 'yellow', fire: 'orange' } as const;

/** Streak summary: current streak with its badge, claimed days and the next milestone. */
export function StreakSummary({ streak, claimed, fanTier }: { streak: number; claimed: number; fanTier?: number }) {
  const badge = streakBadge(streak);
  const milestone = nextStreakMilestone(streak);
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" variant="light" color={BADGE_COLOR[badge.kind]}>
            <StreakBadgeIcons streak={streak} size={badge.fires > 1 ? 16 : 24} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={800} fz={28} lh={1.1} data-testid="streak-count">
              {streak}-day streak
            </Text>
            <Text size="sm" c="dimmed">
              {badge.label}
            </Text>
          </Stack>
        </Group>
        <Group gap={6}>
          {fanTier !== undefined ? <Badge variant="light">Tier {fanTier}</Badge> : null}
          <Badge variant="light" color="teal">
            {claimed} / {REWARD_DAYS} claimed
          </Badge>
        </Group>
      </Group>
      <Progress
        mt="md"
        value={(claimed / REWARD_DAYS) * 100}
        aria-label={`${claimed} of ${REWARD_DAYS} rewards claimed`}
        size="sm"
        radius="xl"
      />
      <Text size="xs" c="dimmed" mt={6}>
        {milestone
          ? `${milestone.daysLeft} more ${milestone.daysLeft === 1 ? 'day' : 'days'} to your ${milestone.at}-day badge`
          : 'Every badge earned — keep the streak alive'}
      </Text>
    </Paper>
  );
}
