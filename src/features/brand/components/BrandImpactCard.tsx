import { Group, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCompactNumber } from '@/lib/format';
import { formatDuration, type BrandAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';

export function BrandImpactCard({ data }: { data: BrandAnalytics }) {
  return (
    <SectionCard title="Brand Impact" testId="brand-impact">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Group gap="sm" wrap="nowrap">
          <RingProgress
            size={76}
            thickness={8}
            roundCaps
            sections={[{ value: data.brandAffinityScore, color: 'blue' }]}
            label={
              <Text ta="center" fw={800} size="sm">
                {data.brandAffinityScore}
              </Text>
            }
            aria-label={`Affinity score ${data.brandAffinityScore} out of 100`}
          />
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Affinity score
            </Text>
            <Text fw={700}>{data.brandAffinityScore}/100</Text>
          </Stack>
        </Group>
        <Stack gap={0} justify="center">
          <Text size="sm" c="dimmed">
            UGC posts
          </Text>
          <Text fz={26} fw={800}>
            {formatCompactNumber(data.ugcVolume)}
          </Text>
        </Stack>
        <Stack gap={0} justify="center">
          <Text size="sm" c="dimmed">
            Average time
          </Text>
          <Text fz={26} fw={800}>
            {formatDuration(data.avgEngagementTime)}
          </Text>
        </Stack>
      </SimpleGrid>
    </SectionCard>
  );
}
