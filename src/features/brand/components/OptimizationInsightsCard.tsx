import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { CampaignOptimization, InsightPriority } from '../sample-insights';
import { SectionCard } from '@/components/dashboard';

const PRIORITY_COLOR: Record<InsightPriority, string> = { High: 'red', Medium: 'yellow', Low: 'teal' };

export function OptimizationInsightsCard({ insights }: { insights: CampaignOptimization[] }) {
  return (
    <SectionCard title="Optimization Insights" description="Ranked by priority" testId="optimization-insights">
      <Stack gap="sm">
        {insights.map((insight) => (
          <Paper key={insight.title} withBorder radius="md" p="md">
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700} size="sm">
                  {insight.title}
                </Text>
                <Badge color={PRIORITY_COLOR[insight.priority]} variant="light">
                  {insight.priority} priority
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {insight.description}
              </Text>
              <Group gap="lg" style={{ rowGap: 2 }}>
                <Text size="xs" c="dimmed">
                  Impact{' '}
                  <Text span fw={700} c="green.4">
                    {insight.impact}
                  </Text>
                </Text>
                <Text size="xs" c="dimmed">
                  Confidence{' '}
                  <Text span fw={700}>
                    {insight.confidence}%
                  </Text>
                </Text>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </SectionCard>
  );
}
