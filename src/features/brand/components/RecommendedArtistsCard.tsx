import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { formatCompactNumber } from '@/lib/format';
import type { RecommendedArtist } from '../sample-insights';
import { SectionCard } from '@/components/dashboard';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function RecommendedArtistsCard({ artists }: { artists: RecommendedArtist[] }) {
  return (
    <SectionCard
      title="AI Campaign Insights"
      description="Recommended artists for your next campaign"
      action={
        <Badge variant="light" color="grape" leftSection={<IconSparkles size={12} />}>
          AI
        </Badge>
      }
      testId="ai-campaign-insights"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {artists.map((artist) => (
          <Card key={artist.name} withBorder radius="md" padding="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={700}>{artist.name}</Text>
                  <Text size="xs" c="dimmed" tt="capitalize">
                    {artist.genre}
                  </Text>
                </Stack>
                <Badge color={artist.matchScore >= 85 ? 'green' : 'yellow'} variant="filled">
                  {artist.matchScore}% match
                </Badge>
              </Group>
              <Progress value={artist.matchScore} color="grape" size="xs" aria-label={`${artist.name} match score`} />
              <Text size="xs" c="dimmed">
                {artist.reason}
              </Text>
              <SimpleGrid cols={3} spacing="xs">
                <Figure label="Projected reach" value={formatCompactNumber(artist.projectedReach)} />
                <Figure label="Est. revenue" value={usd.format(artist.estimatedRevenue)} />
                <Figure label="ROI" value={`${artist.roi.toFixed(1)}×`} />
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="10px" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={700}>
        {value}
      </Text>
    </Stack>
  );
}
