import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { OFFER_STATUS_LABELS, type CollabUserType, type OfferStatus } from '../collab-rules';
import { offersFor } from '../sample-offers';
import { OfferStatusBadge } from './OfferStatusBadge';

/** A summary of this user's offers; deeper analytics arrive once collaborations run (spec: placeholder). */
export function CollabAnalyticsTab({ userType }: { userType: CollabUserType }) {
  const offers = offersFor(userType);
  const pipeline = offers.reduce((sum, offer) => sum + offer.campaign.proposedValue, 0);
  const avgMatch = offers.length
    ? Math.round(offers.reduce((sum, offer) => sum + offer.campaign.audienceMatch, 0) / offers.length)
    : 0;
  const statuses = Object.keys(OFFER_STATUS_LABELS) as OfferStatus[];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Offers" value={String(offers.length)} />
        <Figure label="Pipeline value" value={`$${pipeline.toLocaleString('en-US')}`} />
        <Figure label="Avg. audience match" value={`${avgMatch}%`} />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Text fw={700}>By status</Text>
          {statuses.map((status) => (
            <Group key={status} justify="space-between">
              <OfferStatusBadge status={status} />
              <Text fw={700}>{offers.filter((offer) => offer.status === status).length}</Text>
            </Group>
          ))}
          <Text size="sm" c="dimmed">
            Detailed collaboration analytics (reach, conversions and payouts per campaign) appear here once a
            collaboration is live.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={800}>
        {value}
      </Text>
    </Card>
  );
}
