import { Badge, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconGift, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Modal } from '@/components/Modal';
import { formatDate } from '@/lib/format';
import { useMyRewardOffers, type RewardOffer } from './api';
import { PutUpRewardForm } from './PutUpRewardForm';
import { QueryStatus } from '@/components/QueryStatus';

const tierLabel = (tier: number) => (tier === 0 ? 'All followers' : `Tier ${tier}+`);
const day = (iso: string) => formatDate(`${iso}T00:00:00`);

function OfferRow({ offer }: { offer: RewardOffer }) {
  const share = offer.quantity ? Math.round((offer.claimed_count / offer.quantity) * 100) : null;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {offer.title}
        </Text>
        <Group gap={4}>
          <Badge size="xs" variant="light">
            {offer.kind === 'code' ? 'Codes' : 'Locker item'}
          </Badge>
          {offer.platform_pool ? (
            <Badge size="xs" variant="light" color="grape">
              Streak pool
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>{tierLabel(offer.tier_required)}</Table.Td>
      <Table.Td>
        {day(offer.starts_on)} – {day(offer.ends_on)}
      </Table.Td>
      <Table.Td miw={140}>
        <Text size="sm">
          {offer.claimed_count} claimed{offer.quantity ? ` of ${offer.quantity}` : ''}
        </Text>
        {share !== null ? <Progress value={share} size="sm" aria-label={`${share}% claimed`} /> : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * 'Daily Rewards you put up' on the artist dashboard: the artist's offers with the server's claim
 * counts (never who claimed), and 'Put up a reward'. Online only: the counts are the server's.
 */
export function ArtistRewardsCard() {
  const { state, reload } = useMyRewardOffers();
  const [creating, setCreating] = useState(false);
  return (
    <Card withBorder radius="lg" padding="md" data-testid="artist-rewards">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconGift size={20} aria-hidden />
            <Title order={2} size="h4">
              Daily Rewards you put up
            </Title>
          </Group>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            Put up a reward
          </Button>
        </Group>
        <QueryStatus
          state={state}
          reload={reload}
          loadingLabel="Loading your rewards"
          errorTitle="Rewards not loaded"
        />
        {state.status === 'ready' && state.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No rewards yet. Put up codes or a locker item: your followers find them in their Daily Rewards and you see
            how many were claimed here.
          </Text>
        ) : null}
        {state.status === 'ready' && state.data.length > 0 ? (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reward</Table.Th>
                  <Table.Th>For</Table.Th>
                  <Table.Th>Days</Table.Th>
                  <Table.Th>Claimed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.data.map((offer) => (
                  <OfferRow key={offer.id} offer={offer} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Put up a reward" centered size="lg">
        <PutUpRewardForm
          onDone={() => {
            setCreating(false);
            reload();
          }}
        />
      </Modal>
    </Card>
  );
}
