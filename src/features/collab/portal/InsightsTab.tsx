import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCompactNumber } from '@/lib/format';
import type { CollabUserType } from '../collab-rules';
import { ARTIST_PROFILE_SUMMARY, BRAND_PROFILE_SUMMARY, CULTURAL_TRENDS } from '../sample-insights';

export function InsightsTab({ userType }: { userType: CollabUserType }) {
  const maxMomentum = Math.max(...CULTURAL_TRENDS.map((trend) => trend.momentum));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Text fw={700} size="lg" component="h2" m={0}>
            {userType === 'artist' ? 'Your collaboration profile' : 'Your brand profile'}
          </Text>
          {userType === 'artist' ? <ArtistSummary /> : <BrandSummary />}
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Text fw={700} size="lg" component="h2" m={0}>
            Rising cultural themes
          </Text>
          {CULTURAL_TRENDS.map((trend) => (
            <Stack key={trend.theme} gap={4}>
              <Group justify="space-between">
                <Text size="sm">{trend.theme}</Text>
                <Text size="sm" fw={700} c="green.4">
                  +{trend.momentum}%
                </Text>
              </Group>
              <Progress
                value={(trend.momentum / maxMomentum) * 100}
                color="violet"
                size="sm"
                aria-label={`${trend.theme} momentum`}
              />
            </Stack>
          ))}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

function Score({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={700}>
          {value}%
        </Text>
      </Group>
      <Progress value={value} color="green" size="sm" aria-label={label} />
    </Stack>
  );
}

function ArtistSummary() {
  const { stats, preferences } = ARTIST_PROFILE_SUMMARY;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Followers <strong>{formatCompactNumber(stats.followers)}</strong>
      </Text>
      <Score label="Locker engagement" value={stats.lockerEngagement} />
      <Score label="Brand collab score" value={stats.brandCollabScore} />
      <Score label="Cultural alignment" value={stats.culturalAlignment} />
      <Group gap={4}>
        {preferences.brandTypes.map((type) => (
          <Badge key={type} variant="outline" size="sm">
            {type}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        Prefers {preferences.collaborationStyle.toLowerCase()} work, budgets {preferences.budgetRange}.
      </Text>
    </Stack>
  );
}

function BrandSummary() {
  const { stats, preferences } = BRAND_PROFILE_SUMMARY;
  return (
    <Stack gap="sm">
      <Score label="Campaign success" value={stats.campaignSuccess} />
      <Score label="Artist satisfaction" value={stats.artistSatisfaction} />
      <Score label="Cultural relevance" value={stats.culturalRelevance} />
      <Text size="sm">
        Budget range <strong>{stats.budgetRange}</strong>
      </Text>
      <Group gap={4}>
        {preferences.genres.map((genre) => (
          <Badge key={genre} variant="outline" size="sm">
            {genre}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        {preferences.collaborationStyle} collaborations, {preferences.payoutModel.toLowerCase()} payouts.
      </Text>
    </Stack>
  );
}
