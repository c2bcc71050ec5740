import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * Daily Rewards for a signed-in fan without a reward calendar (issue 31): their own zero state —
 * no streak, their real tier — never the spec's sample fan (tier 3, streak 5).
 */
export function NoRewardsYet({ fanTier }: { fanTier: number }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid="no-rewards">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3">
            Daily Rewards
          </Title>
          <Group gap={6}>
            <Badge variant="light">{fanTier === 0 ? 'Free' : `Tier ${fanTier}`}</Badge>
            <Badge variant="light" color="gray">
              No streak yet
            </Badge>
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconGift size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed">
            No reward calendar yet, so there is nothing to claim today. Follow artists from the{' '}
            <Anchor component={Link} to="/catalog" size="sm">
              catalog
            </Anchor>{' '}
            — their releases reach your Daily Locker.
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
