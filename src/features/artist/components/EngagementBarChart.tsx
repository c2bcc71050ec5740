// The weekly engagement bar chart: its own chunk (@mantine/charts + recharts), loaded after the card.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatCompactNumber } from '@/lib/format';
import type { ArtistAnalytics } from '../sample-analytics';
import { CHART_HEIGHT } from './engagement-chart-height';

export default function EngagementBarChart({ engagement }: { engagement: ArtistAnalytics['dropEngagement'] }) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={engagement}
      dataKey="date"
      series={[{ name: 'plays', label: 'Plays', color: 'green.6' }]}
      valueFormatter={formatCompactNumber}
      tickLine="y"
      gridAxis="y"
      withLegend={false}
      maxBarWidth={42}
      aria-label="Weekly engagement bar chart"
      role="img"
    />
  );
}
