import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatCompactNumber } from '@/lib/format';
import type { BrandAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';

export function AudienceIntelligenceCard({ audience }: { audience: BrandAnalytics['audienceInsights'] }) {
  const maxSize = Math.max(...audience.map((row) => row.size), 1);
  return (
    <SectionCard
      title="Audience Intelligence"
      description="Segments by size, engagement and conversion"
      testId="audience-intelligence"
    >
      <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {audience.map((row) => (
          <Stack key={row.demographic} gap={6} component="li">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {row.demographic}
              </Text>
              <Text size="sm" fw={700}>
                {formatCompactNumber(row.size)}
              </Text>
            </Group>
            <Progress
              value={(row.size / maxSize) * 100}
              color="blue"
              size="sm"
              radius="xl"
              aria-label={`${row.demographic} audience size`}
            />
            <Group gap="lg" style={{ rowGap: 2 }}>
              <Text size="xs" c="dimmed">
                Engagement{' '}
                <Text span fw={600} c="cyan.4">
                  {row.engagement}%
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                Conversion{' '}
                <Text span fw={600} c="pink.4">
                  {row.conversion}%
                </Text>
              </Text>
            </Group>
          </Stack>
        ))}
      </Stack>
    </SectionCard>
  );
}
