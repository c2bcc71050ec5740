import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useBrandAnalytics, type Figures } from '../campaigns/analytics-api';
import { RedemptionImport } from './RedemptionImport';
import { QueryStatus } from '@/components/QueryStatus';

/** The wording for a figure the server withheld: fewer than `under` fans (or redemptions) behind it. */
export const hiddenText = (under: number, of: 'fans' | 'redemptions' = 'fans') =>
  `Fewer than ${under} ${of} — hidden to protect privacy`;

const usd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

function Figure({ label, value, under }: { label: string; value: string | null; under: number }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="own-figure">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {value === null ? (
        <Text size="sm" c="dimmed" fs="italic" mt={4}>
          {hiddenText(under)}
        </Text>
      ) : (
        <Text fz={24} fw={800}>
          {value}
        </Text>
      )}
    </Card>
  );
}

const count = (n: number | null) => (n === null ? null : n.toLocaleString('en-US'));

function Headline({ f, under }: { f: Figures; under: number }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Figure label="Campaign Reach" value={count(f.reach)} under={under} />
      <Figure label="Engaged Fans" value={count(f.engaged_fans)} under={under} />
      <Figure
        label="Cost per Action"
        value={f.cost_per_action_cents === null ? null : usd(f.cost_per_action_cents)}
        under={under}
      />
      <Figure
        label="Conversion Rate"
        value={f.conversion_rate === null ? null : `${f.conversion_rate}%`}
        under={under}
      />
    </SimpleGrid>
  );
}

const cell = (n: number | null, under: number) =>
  n === null ? (
    <Text span size="xs" c="dimmed" fs="italic">
      under {under}
    </Text>
  ) : (
    n.toLocaleString('en-US')
  );

/**
 * The signed-in brand's own analytics from brand_campaign_analytics(): reach (calendars showing a
 * campaign day), engaged fans (claims), cost per action, conversion (redemptions it imported),
 * momentum by ISO week and regions (fans' MediaID country). Null figures are the server's
 * suppression and are shown as hidden, never estimated.
 */
export function BrandAnalyticsCard({
  refreshKey = 0,
  onImported,
}: {
  refreshKey?: number;
  /** Redemptions were recorded (the partnerships card's revenue and the ledger change too). */
  onImported?: () => void;
}) {
  const [version, setVersion] = useState(0);
  const { state, reload } = useBrandAnalytics(`#${refreshKey}.${version}`);
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="brand-analytics-heading">
      <Stack gap="sm">
        <Group gap="xs">
          <IconChartBar size={20} aria-hidden />
          <Title order={2} size="h4" id="brand-analytics-heading">
            Campaign analytics
          </Title>
          <Badge color="teal" variant="light">
            Your data
          </Badge>
        </Group>
        <QueryStatus
          state={state}
          reload={reload}
          loadingLabel="Loading your campaign analytics"
          errorTitle="Analytics not loaded"
        />
        {state.status === 'ready' && state.data.campaigns.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="own-analytics">
            No campaigns yet: reach, engaged fans, cost per action and conversion appear here once a campaign runs.
          </Text>
        ) : null}
        {state.status === 'ready' && state.data.campaigns.length > 0 ? (
          <Stack gap="sm" data-testid="own-analytics">
            <Headline f={state.data.overall} under={state.data.suppressed_under} />
            <Text size="sm" fw={600}>
              Campaign momentum by week
            </Text>
            {state.data.overall.weeks.length === 0 ? (
              <Text size="sm" c="dimmed">
                No campaign days on fans’ calendars yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table verticalSpacing={4} fz="sm" data-testid="own-momentum">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Week</Table.Th>
                      <Table.Th>Impressions</Table.Th>
                      <Table.Th>Claims</Table.Th>
                      <Table.Th>Redemptions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {state.data.overall.weeks.map((w) => (
                      <Table.Tr key={w.week}>
                        <Table.Td>{w.week}</Table.Td>
                        <Table.Td>{cell(w.impressions, state.data.suppressed_under)}</Table.Td>
                        <Table.Td>{cell(w.claims, state.data.suppressed_under)}</Table.Td>
                        <Table.Td>{cell(w.redemptions, state.data.suppressed_under)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Text size="sm" fw={600}>
              Campaign regions
            </Text>
            {state.data.overall.regions.length === 0 ? (
              <Text size="sm" c="dimmed" fs="italic" data-testid="own-regions">
                No region has {state.data.suppressed_under} or more fans yet — smaller groups stay hidden to protect privacy.
              </Text>
            ) : (
              <Group gap="xs" data-testid="own-regions">
                {state.data.overall.regions.map((r) => (
                  <Badge key={r.region} variant="light" size="lg">
                    {r.region}: {r.reach.toLocaleString('en-US')} reached
                    {r.engaged_fans === null ? '' : `, ${r.engaged_fans.toLocaleString('en-US')} engaged`}
                  </Badge>
                ))}
              </Group>
            )}
            <RedemptionImport
              campaigns={state.data.campaigns}
              onImported={() => {
                setVersion((v) => v + 1);
                onImported?.();
              }}
            />
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="xs" c="dimmed">
                Counted by Bucket from your campaigns’ impressions, claims and the redemptions you import. Any figure
                about fewer than {state.data.suppressed_under} fans is hidden by the server; you never see who.
              </Text>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
