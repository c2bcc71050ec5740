import { Alert, Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { RealOffer } from './api';
import { deliverCampaign, money, useCollabLedger, useLiveCampaigns } from './delivery-api';

const MODEL: Record<string, string> = {
  per_code: 'per code claimed',
  flat_rate: 'flat rate',
  revenue_share: 'revenue share',
  hybrid: 'hybrid',
};
const REASON = { code_claimed: 'Code claimed', flat_fee: 'Flat fee', revenue_share: 'Revenue share' } as const;

/**
 * On an accepted collaboration: the brand picks one of its live campaigns to deliver to the artist's
 * followers (those whose MediaID allows brand offers); both sides see what it earned the artist.
 */
export function CollabDelivery({ offer, me }: { offer: RealOffer; me: string }) {
  const isBrand = offer.brand_id === me;
  const ledger = useCollabLedger(offer.id);
  const live = useLiveCampaigns(isBrand);
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const delivered = new Set(
    ledger.state.status === 'ready' ? ledger.state.data.campaigns.map((c) => c.campaign_id) : [],
  );
  const options =
    live.state.status === 'ready'
      ? live.state.data
          .filter((c) => !delivered.has(c.id))
          .map((c) => ({ value: c.id, label: `${c.title} · ${MODEL[c.payout_model] ?? c.payout_model}` }))
      : [];

  async function deliver() {
    if (!picked) return;
    setBusy(true);
    setError(null);
    try {
      await deliverCampaign(offer.id, picked);
      notifications.show({ color: 'green', message: `Codes delivered to ${offer.artist_name}’s followers` });
      setPicked(null);
      ledger.reload();
      live.reload();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" data-testid="collab-delivery">
      {isBrand && (
        <Stack gap="xs">
          <Text size="sm">
            Deliver one of your campaigns’ codes to {offer.artist_name}’s followers — only those whose MediaID allows
            brand offers. You never learn who they are.
          </Text>
          {live.state.status === 'error' && (
            <Alert color="red" variant="light" role="alert">
              {live.state.message}
            </Alert>
          )}
          {live.state.status === 'ready' && options.length === 0 && (
            <Text size="sm" c="dimmed">
              No live campaign to deliver. Create one under Brand → Your campaigns first.
            </Text>
          )}
          {options.length > 0 && (
            <Group align="flex-end">
              <Select
                label="Campaign"
                placeholder="Pick a live campaign"
                data={options}
                value={picked}
                onChange={setPicked}
                style={{ flex: 1, minWidth: 220 }}
                allowDeselect={false}
              />
              <Button onClick={() => void deliver()} loading={busy} disabled={!picked}>
                Deliver codes
              </Button>
            </Group>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      )}
      <Title order={3} size="h5">
        Earnings from this collaboration
      </Title>
      {ledger.state.status === 'loading' && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading earnings…
          </Text>
        </Group>
      )}
      {ledger.state.status === 'error' && (
        <Alert color="red" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{ledger.state.message}</Text>
            <Button size="xs" variant="light" onClick={ledger.reload}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {ledger.state.status === 'ready' && (
        <Stack gap="xs">
          {ledger.state.data.campaigns.length > 0 && (
            <Text size="sm" data-testid="delivered-campaigns">
              Delivering:{' '}
              {ledger.state.data.campaigns
                .map((c) => `${c.campaign_title} (${MODEL[c.payout_model] ?? c.payout_model})`)
                .join(', ')}
            </Text>
          )}
          <Text fw={700} size="lg" data-testid="collab-earnings-total">
            {money(ledger.state.data.totalCents)}
          </Text>
          {ledger.state.data.entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              No earnings yet. Per code claimed and hybrid campaigns pay the artist for each code a follower claims;
              flat rate pays once when delivered; revenue share pays its percentage of each redemption the brand reports
              for a code a follower claimed, up to the campaign's budget.
            </Text>
          ) : (
            <Table striped aria-label="Earnings entries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Entry</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.state.data.entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{new Date(e.created_at).toLocaleDateString()}</Table.Td>
                    <Table.Td>{REASON[e.reason]}</Table.Td>
                    <Table.Td ta="right">{money(e.amount_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Stack>
  );
}
