import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatCompactNumber } from '@/lib/format';
import type { BrandAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';

/** Impressions (left axis) against engagement and conversions (right axis), per week. */
export function CampaignMomentumCard({ momentum }: { momentum: BrandAnalytics['campaignMomentum'] }) {
  return (
    <SectionCard
      title="Campaign Momentum"
      description="Impressions (left axis), engagement and conversions (right axis)"
      testId="campaign-momentum"
    >
      <BarChart
        h={280}
        data={momentum}
        dataKey="period"
        withRightYAxis
        series={[
          { name: 'impressions', label: 'Impressions', color: 'blue.6' },
          { name: 'engagement', label: 'Engagement', color: 'cyan.4', yAxisId: 'right' },
          { name: 'conversions', label: 'Conversions', color: 'pink.5', yAxisId: 'right' },
        ]}
        valueFormatter={formatCompactNumber}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        gridAxis="y"
        maxBarWidth={28}
        role="img"
        aria-label="Campaign momentum bar chart"
      />
    </SectionCard>
  );
}
