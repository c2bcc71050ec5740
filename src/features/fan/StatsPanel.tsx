import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Artwork } from '@/components/Artwork';
import { formatCompactNumber } from '@/lib/format';
import { EmptyMessage } from './EmptyMessage';
import { SampleBadge } from './SampleBadge';
import type { FanStats, FanSubscription } from './types';

const TIER_LABEL: Record<FanSubscription['tier'], string> = {
  free: 'Free',
  tier1: 'Tier 1',
  tier2: 'Tier 2',
  tier3: 'Tier 3',
};

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz={24} fw={800} lh={1.1}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
    </div>
  );
}

/** Left panel: active subscriptions, this month, content unlocked, and the subscriptions themselves. */
export function StatsPanel({ stats, subscriptions }: { stats: FanStats; subscriptions: FanSubscription[] }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="fan-stats-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="fan-stats-title">
          Your Stats
        </Title>
        <SimpleGrid cols={{ base: 3, md: 1 }} spacing="sm">
          <Stat label="Active subscriptions" value={formatCompactNumber(stats.activeSubscriptions)} />
          <Stat label="This month" value={`$${formatCompactNumber(stats.thisMonth)}`} />
          <Stat label="Content unlocked" value={formatCompactNumber(stats.contentUnlocked)} />
        </SimpleGrid>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Subscriptions
          </Text>
          {subscriptions.length === 0 ? (
            <EmptyMessage>No subscriptions yet</EmptyMessage>
          ) : (
            subscriptions.map((sub) => (
              <Group key={sub.id} gap="sm" wrap="nowrap">
                <Artwork src={sub.avatar} size={26} radius="50%" avatar />
                <Text size="sm" truncate style={{ flex: 1 }}>
                  {sub.artistName}
                </Text>
                {sub.sample ? <SampleBadge /> : null}
                <Badge variant="light" size="sm">
                  {TIER_LABEL[sub.tier]}
                </Badge>
                <Text size="xs" c="dimmed">
                  ${sub.price}/mo
                </Text>
              </Group>
            ))
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
