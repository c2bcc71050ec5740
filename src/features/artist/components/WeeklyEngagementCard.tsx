import { Box, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CHART_HEIGHT } from './engagement-chart-height';
import type { ArtistAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';

const EngagementBarChart = lazy(() => import('./EngagementBarChart'));

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
      {/* The chart library is large: the card paints at once, its chart (same height) when loaded. */}
      <Suspense fallback={<Box h={CHART_HEIGHT} aria-hidden />}>
        <EngagementBarChart engagement={engagement} />
      </Suspense>
    </SectionCard>
  );
}
