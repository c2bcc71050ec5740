import { SimpleGrid } from '@mantine/core';
import { IconCash, IconEye, IconTargetArrow, IconUsersGroup } from '@tabler/icons-react';
import { BRAND_METRIC_TRENDS, type BrandAnalytics } from '../sample-analytics';
import { StatCard } from '@/components/dashboard';

/** Reach in millions (from totalImpressions), engaged fans in thousands, CPA, conversion; fixed trends. */
export function BrandMetricCards({ data }: { data: BrandAnalytics }) {
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Campaign Reach"
        value={`${(data.totalImpressions / 1_000_000).toFixed(1)}M`}
        trend={BRAND_METRIC_TRENDS.reach}
        icon={<IconEye size={20} />}
        color="blue"
      />
      <StatCard
        label="Engaged Fans"
        value={`${(data.engagedFans / 1_000).toFixed(1)}K`}
        trend={BRAND_METRIC_TRENDS.engagedFans}
        icon={<IconUsersGroup size={20} />}
        color="cyan"
      />
      <StatCard
        label="Cost per Action"
        value={`$${data.costPerAction.toFixed(2)}`}
        trend={BRAND_METRIC_TRENDS.costPerAction}
        lowerIsBetter
        icon={<IconCash size={20} />}
        color="teal"
      />
      <StatCard
        label="Conversion Rate"
        value={`${data.conversionRate.toFixed(1)}%`}
        trend={BRAND_METRIC_TRENDS.conversionRate}
        icon={<IconTargetArrow size={20} />}
        color="indigo"
      />
    </SimpleGrid>
  );
}
