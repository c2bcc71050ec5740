import { SimpleGrid } from '@mantine/core';
import { IconHeadphones, IconLock, IconUsersPlus } from '@tabler/icons-react';
import { formatCompactNumber } from '@/lib/format';
import { StatCard, type AnalyticsPeriod } from '@/components/dashboard';
import type { ArtistAnalytics } from '../sample-analytics';

export function ArtistMetricCards({ data, period }: { data: ArtistAnalytics; period: AnalyticsPeriod }) {
  const vs = ` vs prev ${period}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <StatCard
        label="Total Streams"
        value={formatCompactNumber(data.totalStreams)}
        trend={data.trends.streams}
        trendSuffix={vs}
        icon={<IconHeadphones size={20} />}
        color="green"
      />
      <StatCard
        label="Daily Locker Access"
        value={formatCompactNumber(data.lockerLogins)}
        trend={data.trends.lockerLogins}
        trendSuffix={vs}
        icon={<IconLock size={20} />}
        color="teal"
      />
      <StatCard
        label="Fan Conversion"
        value={`${data.fanConversionRate}%`}
        trend={data.trends.fanConversion}
        trendSuffix={vs}
        icon={<IconUsersPlus size={20} />}
        color="yellow"
      />
    </SimpleGrid>
  );
}
