import { Badge, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Modal } from '@/components/Modal';
import { formatDate } from '@/lib/format';
import { SUPPRESSED_UNDER, useMyCampaigns, type Campaign } from '../campaigns/api';
import { CampaignActions } from '../campaigns/CampaignActions';
import { CreateCampaignForm } from '../campaigns/CreateCampaignForm';
import { QueryStatus } from '@/components/QueryStatus';

const STATUS: Record<Campaign['status'], { label: string; color: string }> = {
  scheduled: { label: 'Scheduled', color: 'blue' },
  running: { label: 'Running', color: 'teal' },
  no_codes: { label: 'No codes', color: 'orange' },
  out_of_codes: { label: 'Out of codes', color: 'gray' },
  spent: { label: 'Budget spent', color: 'gray' },
  ended: { label: 'Ended', color: 'gray' },
  stopped: { label: 'Stopped', color: 'red' },
};
const usd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const day = (iso: string) => formatDate(`${iso}T00:00:00`);
const SUPPRESSED = `Fewer than ${SUPPRESSED_UNDER} fans`;

function CampaignRow({ c, onChanged }: { c: Campaign; onChanged: () => void }) {
  const status = STATUS[c.status];
  const spentShare = Math.min(100, Math.round((c.spent_cents / c.budget_cents) * 100));
  const weeks = c.claims_by_week;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {c.title}
        </Text>
        <Group gap={4}>
          <Badge size="xs" variant="light" color={status.color}>
            {status.label}
          </Badge>
          <Text size="xs" c="dimmed">
            {c.stopped_at ? `Stopped ${formatDate(c.stopped_at)}` : `${day(c.starts_on)} – ${day(c.ends_on)}`}
          </Text>
        </Group>
        <CampaignActions c={c} onChanged={onChanged} />
      </Table.Td>
      <Table.Td>{c.codes_left.toLocaleString('en-US')}</Table.Td>
      <Table.Td>{c.claims.toLocaleString('en-US')}</Table.Td>
      <Table.Td miw={150}>
        <Text size="sm">
          {usd(c.spent_cents)} of {usd(c.budget_cents)}
        </Text>
        <Progress value={spentShare} size="sm" aria-label={`${spentShare}% of the budget spent`} />
      </Table.Td>
      <Table.Td>
        {c.reach === null ? (
          <Text size="sm" c="dimmed" fs="italic">
            {SUPPRESSED}
          </Text>
        ) : (
          c.reach.toLocaleString('en-US')
        )}
      </Table.Td>
      <Table.Td>
        {weeks.length === 0 ? (
          <Text size="sm" c="dimmed">
            No claims yet
          </Text>
        ) : (
          weeks.map((w) => (
            <Text size="xs" key={w.week}>
              Week of {day(w.week)}: {w.claims === null ? <i>{SUPPRESSED.toLowerCase()}</i> : w.claims}
            </Text>
          ))
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The brand's own campaigns, first on their dashboard: 'Create Campaign' and the list from
 * my_campaigns() — totals of the campaign, and figures about fans only when SUPPRESSED_UNDER or more
 * are behind them (the server returns null below its private.min_group_size(), and the card says
 * so). Online only.
 */
export function YourCampaignsCard({ onLaunched }: { onLaunched?: () => void } = {}) {
  const { state, reload } = useMyCampaigns();
  const [creating, setCreating] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const changed = () => {
    reload();
    onLaunched?.(); // the analytics card below reads the same campaigns
  };
  const done = () => {
    setCreating(false);
    reload();
    onLaunched?.(); // the analytics card below counts the new campaign too
  };
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="your-campaigns-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconSpeakerphone size={20} aria-hidden />
            <Title order={2} size="h4" id="your-campaigns-heading">
              Your campaigns
            </Title>
            <Badge color="teal" variant="light">
              Your data
            </Badge>
          </Group>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            Create Campaign
          </Button>
        </Group>
        <QueryStatus
          state={state}
          reload={reload}
          loadingLabel="Loading your campaigns"
          errorTitle="Campaigns not loaded"
        />
        {state.status === 'ready' && state.data.length === 0 ? (
          <Stack gap={2}>
            <Text fw={600} data-testid="own-campaigns">
              No campaigns yet
            </Text>
            <Text size="sm" c="dimmed">
              Create a campaign with a pool of codes: fans who match it and turned brand offers on find a code in their
              Daily Rewards, and its claims and spend appear here.
            </Text>
          </Stack>
        ) : null}
        {state.status === 'ready' && state.data.length > 0 ? (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" data-testid="own-campaigns">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Campaign</Table.Th>
                    <Table.Th>Codes left</Table.Th>
                    <Table.Th>Claims</Table.Th>
                    <Table.Th>Spend</Table.Th>
                    <Table.Th>Fans reached</Table.Th>
                    <Table.Th>Claims by week</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {state.data.map((c) => (
                    <CampaignRow key={c.id} c={c} onChanged={changed} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="xs" c="dimmed">
                Private by design: you see totals only, never who claimed. Any figure about fewer than{' '}
                {SUPPRESSED_UNDER} fans is hidden and shows as “{SUPPRESSED.toLowerCase()}”.
              </Text>
            </Group>
          </>
        ) : null}
      </Stack>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title="Create Campaign"
        size="lg"
        centered
        fullScreen={phone}
      >
        <CreateCampaignForm onLaunched={done} />
      </Modal>
    </Card>
  );
}
