import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { ArtistAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';

export function TopPromotersCard({ promoters }: { promoters: ArtistAnalytics['topPromoters'] }) {
  return (
    <SectionCard title="Top Fan Promoters" description="Fans who bring the most new listeners" testId="top-promoters">
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {promoters.map((promoter, index) => (
          <Group key={promoter.name} component="li" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" w={18} ta="right">
                {index + 1}
              </Text>
              <Avatar radius="xl" color="green" size={36} alt="">
                {promoter.avatar}
              </Avatar>
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {promoter.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {promoter.referrals} referrals
                </Text>
              </Stack>
            </Group>
            <Text size="sm" fw={700} c="green.4">
              ${promoter.earnings}
            </Text>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
