import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * Daily Rewards for a signed-in fan whose calendar (made by the server at sign-up) is not on this
 * device yet: their own zero state — no streak, their real tier — never the spec's sample fan.
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
            Your reward calendar has not reached this device yet: it syncs when you are online. Follow artists from the{' '}
            <Anchor component={Link} to="/catalog" size="sm">
              catalog
            </Anchor>{' '}
            and their rewards fill your calendar.
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
