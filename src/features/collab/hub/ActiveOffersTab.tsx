import {
  Avatar,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { useState } from 'react';
import type { CollabUserType } from '../collab-rules';
import { notifyComingSoon } from '@/lib/coming-soon';
import { offersFor, type CollaborationOffer } from '../sample-offers';
import { OfferStatusBadge } from './OfferStatusBadge';
import { LabeledValue } from '@/components/dashboard';

export function ActiveOffersTab({ userType }: { userType: CollabUserType }) {
  const offers = offersFor(userType);
  const [selectedId, setSelectedId] = useState(offers[0]?.id ?? null);
  const selected = offers.find((offer) => offer.id === selectedId) ?? null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm" component="ul" aria-label="Active offers" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {offers.map((offer) => (
            <li key={offer.id}>
              <UnstyledButton
                w="100%"
                onClick={() => setSelectedId(offer.id)}
                aria-current={offer.id === selectedId ? 'true' : undefined}
                data-testid="offer-item"
              >
                <Card
                  withBorder
                  radius="md"
                  padding="md"
                  style={offer.id === selectedId ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Avatar src={offer.from.avatar} alt="" radius="md" />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={700} size="sm" truncate>
                          {offer.campaign.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          from {offer.from.name} · {offer.timestamp}
                        </Text>
                      </Stack>
                    </Group>
                    <Text fw={700} size="sm">
                      {offer.campaign.budget}
                    </Text>
                  </Group>
                  <Group mt="xs" justify="space-between">
                    <OfferStatusBadge status={offer.status} />
                    <Text size="xs" c="dimmed">
                      {offer.campaign.audienceMatch}% audience match
                    </Text>
                  </Group>
                </Card>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {selected ? <OfferDetail offer={selected} /> : <Text c="dimmed">No active offers.</Text>}
      </Grid.Col>
    </Grid>
  );
}

function OfferDetail({ offer }: { offer: CollaborationOffer }) {
  const { campaign } = offer;
  return (
    <Paper withBorder radius="lg" p="lg" aria-live="polite" data-testid="offer-detail">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={offer.from.avatar} alt="" size="lg" radius="md" />
            <Stack gap={0}>
              <Group gap={4}>
                <Text fw={700}>{offer.from.name}</Text>
                {offer.from.verified ? (
                  <IconRosetteDiscountCheckFilled
                    size={16}
                    color="var(--mantine-color-blue-4)"
                    aria-label="Verified"
                    role="img"
                  />
                ) : null}
              </Group>
              <Badge size="xs" variant="outline" tt="capitalize" w="fit-content">
                {offer.from.type}
              </Badge>
            </Stack>
          </Group>
          <OfferStatusBadge status={offer.status} />
        </Group>
        <Stack gap={4}>
          <Text fw={800} size="lg" component="h3" m={0}>
            {campaign.title}
          </Text>
          <Text size="sm" c="dimmed">
            {campaign.description}
          </Text>
        </Stack>
        <Group gap="xl">
          <LabeledValue label="Budget" value={campaign.budget} valueSize="md" />
          <LabeledValue label="Timeline" value={campaign.timeline} valueSize="md" />
          <LabeledValue
            label="Proposed value"
            value={`$${campaign.proposedValue.toLocaleString('en-US')}`}
            valueSize="md"
          />
        </Group>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">Audience match</Text>
            <Text size="sm" fw={700}>
              {campaign.audienceMatch}%
            </Text>
          </Group>
          <Progress value={campaign.audienceMatch} color="green" aria-label="Audience match" />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Deliverables
          </Text>
          <List size="sm" spacing={2}>
            {campaign.deliverables.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm">
          <Text span fw={600}>
            Cultural fit:{' '}
          </Text>
          {campaign.culturalFit}
        </Text>
        <Group grow gap="sm">
          <Button color="green" onClick={() => notifyComingSoon('Accept Offer')}>
            Accept Offer
          </Button>
          <Button variant="default" onClick={() => notifyComingSoon('Counter Proposal')}>
            Counter Proposal
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
