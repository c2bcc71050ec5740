import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCompactNumber } from '@/lib/format';
import type { BrandAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';
import { SUPPRESSED_UNDER } from '../campaigns/api';
import { useBrandPartnerships, type Partnership } from '../campaigns/partnerships-api';
import { hiddenText } from './BrandAnalyticsCard';
import { QueryStatus } from '@/components/QueryStatus';

const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const centsUsd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

interface Row {
  key: string;
  name: string;
  genre: string | null;
  reach: ReactNode;
  spend: string;
  revenue?: ReactNode;
  roi: number | null;
}

const roiBadge = (roi: number | null) =>
  roi === null ? (
    // unknown: revenue hidden (under SUPPRESSED_UNDER redemptions) or nothing reported or spent yet
    <Text span size="xs" c="dimmed" aria-label="Not known yet" title="Not known yet">
      —
    </Text>
  ) : (
    <Badge color={roi >= 3 ? 'green' : 'yellow'} variant="light">
      {roi.toFixed(1)}×
    </Badge>
  );

/** A figure the server withheld: the same wording as the campaign analytics card. */
function Hidden({ under, of }: { under: number; of?: 'redemptions' }) {
  return (
    <Text span size="xs" c="dimmed" fs="italic">
      {hiddenText(under, of)}
    </Text>
  );
}

function PartnershipsTable({ rows, withRevenue }: { rows: Row[]; withRevenue: boolean }) {
  return (
    <Table.ScrollContainer minWidth={withRevenue ? 520 : 300}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Artist</Table.Th>
            <Table.Th ta="right">Reach</Table.Th>
            <Table.Th ta="right">Spend</Table.Th>
            {withRevenue ? <Table.Th ta="right">Revenue</Table.Th> : null}
            <Table.Th ta="right">ROI</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {row.name}
                  </Text>
                  {row.genre ? (
                    <Text size="xs" c="dimmed" tt="capitalize">
                      {row.genre}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{row.reach}</Table.Td>
              <Table.Td ta="right">{row.spend}</Table.Td>
              {withRevenue ? <Table.Td ta="right">{row.revenue}</Table.Td> : null}
              <Table.Td ta="right">
                <Group justify="flex-end">{roiBadge(row.roi)}</Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The spec's sample partnerships (the signed-out / demo dashboard, under its sample label). */
export function ArtistPartnershipsCard({ partners }: { partners: BrandAnalytics['topArtistPartnerships'] }) {
  const rows: Row[] = partners.map((p) => ({
    key: p.name,
    name: p.name,
    genre: p.genre,
    reach: formatCompactNumber(p.fanReach),
    spend: wholeUsd.format(p.totalSpend),
    roi: p.roi,
  }));
  return (
    <SectionCard title="Artist Partnerships" description="Return on spend per artist" testId="artist-partnerships">
      <PartnershipsTable rows={rows} withRevenue={false} />
    </SectionCard>
  );
}

/** The brand's own rows: a withheld figure says which rule withheld it (fans for reach, redemptions for revenue). */
export function OwnPartnershipsTable({ partnerships }: { partnerships: readonly Partnership[] }) {
  return (
    <PartnershipsTable
      withRevenue
      rows={partnerships.map((p) => ({
        key: p.artist_id,
        name: p.artist_name,
        genre: p.genre,
        reach: p.reach === null ? <Hidden under={SUPPRESSED_UNDER} /> : p.reach.toLocaleString('en-US'),
        spend: centsUsd(p.spend_cents),
        revenue:
          p.revenue_cents === null ? <Hidden under={SUPPRESSED_UNDER} of="redemptions" /> : centsUsd(p.revenue_cents),
        roi: p.roi,
      }))}
    />
  );
}

/**
 * The signed-in brand's own partnerships (brand_artist_partnerships): artists its campaigns are
 * delivered through, spend from the collaboration ledger, revenue from the redemptions it imported.
 */
export function OwnArtistPartnershipsCard({ refreshKey = 0 }: { refreshKey?: number | string }) {
  const { state, reload } = useBrandPartnerships(`#${refreshKey}`);
  const badge = (
    <Badge color="teal" variant="light">
      Your data
    </Badge>
  );
  return (
    <SectionCard
      title="Artist Partnerships"
      description="Return on spend per artist you collaborate with"
      action={badge}
      testId="own-artist-partnerships"
    >
      <QueryStatus
        state={state}
        reload={reload}
        loadingLabel="Loading your artist partnerships"
        errorTitle="Partnerships not loaded"
      />
      {state.status === 'ready' && state.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="own-partnerships-empty">
          No artist partnerships yet: once an artist accepts your offer in the Collaboration Hub and you deliver a
          campaign through it, their reach, what you paid them and the return appear here.
        </Text>
      ) : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <Stack gap="sm">
          <OwnPartnershipsTable partnerships={state.data} />
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" c="dimmed">
              Reach counts fans who claimed a code of the campaigns you delivered through the artist; spend is what the
              collaboration ledger paid them; revenue is what your imported redemptions reported, and ROI is revenue ÷
              spend. A figure about fewer than {SUPPRESSED_UNDER} fans or redemptions is hidden by the server; you never
              see who.
            </Text>
          </Group>
        </Stack>
      ) : null}
    </SectionCard>
  );
}
