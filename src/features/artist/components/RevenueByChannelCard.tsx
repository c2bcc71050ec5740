import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ArtistAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Revenue bars per channel, each with its share of the period's total. */
export function RevenueByChannelCard({ revenue }: { revenue: ArtistAnalytics['revenueByChannel'] }) {
  const total = revenue.reduce((sum, row) => sum + row.revenue, 0);
  const max = Math.max(...revenue.map((row) => row.revenue), 1);
  return (
    <SectionCard
      title="Revenue by Channel"
      action={
        <Group gap={6} align="baseline" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Total
          </Text>
          <Text fw={800} size="lg" data-testid="revenue-total">
            {usd.format(total)}
          </Text>
        </Group>
      }
      testId="revenue-by-channel"
    >
      <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {revenue.map((row) => (
          <Stack key={row.channel} gap={6} component="li">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500}>
                {row.channel}
              </Text>
              <Group gap={8} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {row.percentage}%
                </Text>
                <Text size="sm" fw={700}>
                  {usd.format(row.revenue)}
                </Text>
              </Group>
            </Group>
            <Progress
              value={(row.revenue / max) * 100}
              color={row.color}
              size="lg"
              radius="xl"
              aria-label={`${row.channel}: ${usd.format(row.revenue)}, ${row.percentage}% of revenue`}
            />
          </Stack>
        ))}
      </Stack>
    </SectionCard>
  );
}
