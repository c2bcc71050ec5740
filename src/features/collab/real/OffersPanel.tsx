import { Alert, Badge, Button, Card, Grid, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { formatBudget, REAL_STATUS_COLORS, REAL_STATUS_LABELS } from '../collab-rules';
import type { RealOffer } from './api';
import type { useMyOffers } from './api';
import { OfferDetail } from './OfferDetail';

/** Active Offers on real data: the caller's proposals and offers, live, with the selected one's detail. */
export function OffersPanel({
  me,
  query,
  onCreate,
}: {
  me: string;
  query: ReturnType<typeof useMyOffers>;
  onCreate: () => void;
}) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { state, reload } = query;
  if (state.status === 'loading') {
    return (
      <Group gap="sm" py="xl" justify="center">
        <Loader size="sm" />
        <Text c="dimmed">Loading your collaborations…</Text>
      </Group>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert color="red" variant="light" title="Could not load your collaborations">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{state.message}</Text>
          <Button size="xs" variant="light" onClick={reload}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const offers = state.data;
  if (offers.length === 0) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="xs" align="flex-start">
          <Text fw={700}>No collaborations yet</Text>
          <Text size="sm" c="dimmed">
            Proposals you send and offers you receive appear here, and update as soon as the other side answers.
          </Text>
          <Button variant="light" onClick={onCreate}>
            Create Proposal
          </Button>
        </Stack>
      </Card>
    );
  }
  const selected = offers.find((o) => o.id === selectedId) ?? offers[0]!;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm" component="ul" aria-label="Active offers" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {offers.map((offer) => (
            <li key={offer.id}>
              <OfferRow
                offer={offer}
                me={me}
                selected={offer.id === selected.id}
                onSelect={() => setSelectedId(offer.id)}
              />
            </li>
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <OfferDetail key={`${selected.id}:${selected.updated_at}`} offer={selected} me={me} onAnswered={reload} />
      </Grid.Col>
    </Grid>
  );
}

function OfferRow({
  offer,
  me,
  selected,
  onSelect,
}: {
  offer: RealOffer;
  me: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const other = offer.artist_id === me ? offer.brand_name : offer.artist_name;
  const sent = (offer.kind === 'artist_to_brand' ? offer.artist_id : offer.brand_id) === me;
  const due = offer.awaiting === me;
  return (
    <UnstyledButton w="100%" onClick={onSelect} aria-current={selected ? 'true' : undefined} data-testid="offer-item">
      <Card
        withBorder
        radius="md"
        padding="md"
        style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" truncate>
              {offer.title}
            </Text>
            <Text size="xs" c="dimmed">
              {sent ? 'to' : 'from'} {other} · {new Date(offer.updated_at).toLocaleDateString()}
            </Text>
          </Stack>
          <Text fw={700} size="sm">
            {formatBudget(offer.budget)}
          </Text>
        </Group>
        <Group gap="xs" mt="xs">
          <Badge size="sm" color={REAL_STATUS_COLORS[offer.status]} variant="light">
            {REAL_STATUS_LABELS[offer.status]}
          </Badge>
          {due && (
            <Badge size="sm" color="grape" variant="filled">
              Your answer is due
            </Badge>
          )}
        </Group>
      </Card>
    </UnstyledButton>
  );
}
