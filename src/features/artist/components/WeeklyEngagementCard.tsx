import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Text } from '@mantine/core';
import { formatCompactNumber } from '../../../lib/format';
import type { ArtistAnalytics } from '../sample-analytics';
import { SectionCard } from '../../../components/dashboard';

export function WeeklyEngagementCard({ engagement }: { engagement: ArtistAnalytics['dropEngagement'] }) {
  const averageScore = Math.round(engagement.reduce((sum, row) => sum + row.score, 0) / Math.max(engagement.length, 1));
  return (
    <SectionCard
      title="Weekly Engagement"
      description="Drop plays per period"
      testId="weekly-engagement"
      action={
        <Group gap={6} align="baseline" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Avg. engagement score
          </Text>
          <Text fw={800} size="lg">
            {averageScore}/100
          </Text>
        </Group>
      }
    >
      <BarChart
        h={260}
        data={engagement}
        dataKey="date"
        series={[{ name: 'plays', label: 'Plays', color: 'green.6' }]}
        valueFormatter={formatCompactNumber}
        tickLine="y"
        gridAxis="y"
        withLegend={false}
        maxBarWidth={42}
        aria-label="Weekly engagement bar chart"
        role="img"
      />
    </SectionCard>
  );
}
