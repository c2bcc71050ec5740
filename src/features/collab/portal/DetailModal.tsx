import { Badge, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { formatCompactNumber } from '@/lib/format';
import { notifyComingSoon } from '@/lib/coming-soon';
import type { ArtistPitch, BrandCampaignOffer } from '../sample-portal';

export type PortalItem = { kind: 'campaign'; item: BrandCampaignOffer } | { kind: 'pitch'; item: ArtistPitch };

export function DetailModal({ selected, onClose }: { selected: PortalItem | null; onClose: () => void }) {
  const title = selected
    ? selected.kind === 'campaign'
      ? selected.item.campaign.title
      : selected.item.pitch.title
    : '';
  return (
    <Modal opened={selected !== null} onClose={onClose} title={title} size="lg" centered>
      {selected ? (
        <Stack gap="md">
          {selected.kind === 'campaign' ? (
            <CampaignDetail item={selected.item} />
          ) : (
            <PitchDetail item={selected.item} />
          )}
          <Group grow gap="sm">
            <Button onClick={() => notifyComingSoon('Start Collaboration')}>Start Collaboration</Button>
            <Button variant="default" onClick={() => notifyComingSoon('Save for Later')}>
              Save for Later
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function CampaignDetail({ item }: { item: BrandCampaignOffer }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {item.brand.name} · {item.brand.industry} — {item.campaign.culturalContext}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Fact label="Offer" value={`${item.offer.type}: ${item.offer.value}`} />
        <Fact label="Quantity" value={String(item.offer.quantity)} />
        <Fact label="Payout" value={item.offer.payout} />
        <Fact label="Exclusivity" value={item.offer.exclusivity} />
        <Fact label="Min. followers" value={formatCompactNumber(item.requirements.minFollowers)} />
        <Fact label="Min. engagement" value={`${item.requirements.engagementRate}%`} />
      </SimpleGrid>
      <Fact label="Audience" value={item.requirements.demographics.join(', ')} />
      <Fact label="Vibe" value={item.culturalFit.vibe} />
      <Group align="flex-start" grow>
        <FitList label="Fits" items={item.culturalFit.examples} color="green" />
        <FitList label="Avoid" items={item.culturalFit.antiExamples} color="red" />
      </Group>
    </>
  );
}

function PitchDetail({ item }: { item: ArtistPitch }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {item.artist.name} — {item.pitch.culturalAngle}
      </Text>
      <Text size="sm">{item.pitch.concept}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Fact label="Audience" value={formatCompactNumber(item.audience.size)} />
        <Fact label="Locker engagement" value={`${item.audience.lockerEngagement}%`} />
        <Fact label="Engagement rate" value={`${item.artist.engagementRate}%`} />
        <Fact label="Proposal" value={item.proposal.type} />
        <Fact label="Budget" value={item.proposal.budgetRange} />
        <Fact label="Timeline" value={item.proposal.timeline} />
      </SimpleGrid>
      <FitList label="Deliverables" items={item.proposal.deliverables} color="blue" />
      <Fact label="Brand targets" value={item.brandTargets.join(', ')} />
      <Fact label="Value to brands" value={item.culturalFit.value} />
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

function FitList({ label, items, color }: { label: string; items: string[]; color: string }) {
  return (
    <Stack gap={4}>
      <Badge color={color} variant="light" w="fit-content">
        {label}
      </Badge>
      <List size="sm" spacing={2}>
        {items.map((entry) => (
          <List.Item key={entry}>{entry}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
