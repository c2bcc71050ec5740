import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { formatCompactNumber } from '../../../lib/format';
import type { BrandAnalytics } from '../sample-analytics';
import { SectionCard } from '../../../components/dashboard';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function ArtistPartnershipsCard({ partners }: { partners: BrandAnalytics['topArtistPartnerships'] }) {
  return (
    <SectionCard title="Artist Partnerships" description="Return on spend per artist" testId="artist-partnerships">
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Artist</Table.Th>
              <Table.Th ta="right">Reach</Table.Th>
              <Table.Th ta="right">Spend</Table.Th>
              <Table.Th ta="right">ROI</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {partners.map((partner) => (
              <Table.Tr key={partner.name}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {partner.name}
                    </Text>
                    <Text size="xs" c="dimmed" tt="capitalize">
                      {partner.genre}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">{formatCompactNumber(partner.fanReach)}</Table.Td>
                <Table.Td ta="right">{usd.format(partner.totalSpend)}</Table.Td>
                <Table.Td ta="right">
                  <Group justify="flex-end">
                    <Badge color={partner.roi >= 3 ? 'green' : 'yellow'} variant="light">
                      {partner.roi.toFixed(1)}×
                    </Badge>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SectionCard>
  );
}
