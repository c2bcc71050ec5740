import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatCompactNumber } from '@/lib/format';
import { isHighMatch } from '../collab-rules';
import type { ArtistPitch, BrandCampaignOffer } from '../sample-portal';
import { LabeledValue } from '@/components/dashboard';

function MatchBadge({ high, label }: { high: boolean; label: string }) {
  return (
    <Badge color={high ? 'green' : 'gray'} variant={high ? 'filled' : 'light'} data-high-match={high || undefined}>
      {label}
    </Badge>
  );
}

/** A brand campaign as an artist sees it: 'Express Interest'. */
export function CampaignCard({
  item,
  onOpen,
  onAction,
}: {
  item: BrandCampaignOffer;
  onOpen: () => void;
  onAction: () => void;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="browse-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={item.brand.logo} alt="" radius="md" />
            <Stack gap={0}>
              <Text fw={600} size="sm">
                {item.brand.name}
              </Text>
              <Text size="xs" c="dimmed">
                {item.brand.industry} · {item.brand.tier}
              </Text>
            </Stack>
          </Group>
          <MatchBadge high={isHighMatch({ matchScore: item.matchScore })} label={`${item.matchScore}% match`} />
        </Group>
        <Text fw={800} component="h3" m={0} size="md">
          {item.campaign.title}
        </Text>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {item.campaign.culturalContext}
        </Text>
        <Group gap={4}>
          {item.tags.map((tag) => (
            <Badge key={tag} size="xs" variant="outline">
              {tag}
            </Badge>
          ))}
        </Group>
        <Group gap="lg">
          <LabeledValue label="Budget" value={item.campaign.budget} />
          <LabeledValue label="Timeline" value={item.campaign.timeline} />
          <LabeledValue label="Reach" value={item.campaign.reach} />
        </Group>
        <Group grow gap="sm">
          <Button variant="default" onClick={onOpen}>
            Details
          </Button>
          <Button color="green" onClick={onAction}>
            Express Interest
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** An artist pitch as a brand sees it: 'Start Conversation'. */
export function PitchCard({ item, onOpen, onAction }: { item: ArtistPitch; onOpen: () => void; onAction: () => void }) {
  const high = isHighMatch({ engagementRate: item.artist.engagementRate });
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="browse-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={item.artist.avatar} alt="" radius="xl" />
            <Stack gap={0}>
              <Text fw={600} size="sm">
                {item.artist.name}
              </Text>
              <Text size="xs" c="dimmed" tt="capitalize">
                {item.artist.genre}
              </Text>
            </Stack>
          </Group>
          <MatchBadge high={high} label={`${item.artist.engagementRate}% engagement`} />
        </Group>
        <Text fw={800} component="h3" m={0} size="md">
          {item.pitch.title}
        </Text>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {item.pitch.concept}
        </Text>
        <Group gap="lg">
          <LabeledValue label="Followers" value={formatCompactNumber(item.artist.followers)} />
          <LabeledValue label="Budget" value={item.proposal.budgetRange} />
          <LabeledValue label="Timeline" value={item.proposal.timeline} />
        </Group>
        <Group grow gap="sm">
          <Button variant="default" onClick={onOpen}>
            Details
          </Button>
          <Button color="blue" onClick={onAction}>
            Start Conversation
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
