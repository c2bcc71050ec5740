import { Grid, SimpleGrid } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { DashboardFrame, dashboardGap, DEFAULT_PERIOD, type AnalyticsPeriod } from '@/components/dashboard';
import { selectArtistAnalytics } from '../sample-analytics';
import { ArtistHeader } from './ArtistHeader';
import { ArtistMetricCards } from './ArtistMetricCards';
import { ContentThemesCard } from './ContentThemesCard';
import { FanGeographyCard } from './FanGeographyCard';
import { RevenueByChannelCard } from './RevenueByChannelCard';
import { TopPromotersCard } from './TopPromotersCard';
import { UploadContentButton } from './UploadContentButton';
import { WeeklyEngagementCard } from './WeeklyEngagementCard';

export interface ArtistDashboardProps {
  /** The second copy of the dashboard (demos) has no upload. */
  withUpload?: boolean;
  /** The optional header role switcher: shown when given. */
  roleSwitcher?: ReactNode;
  /** Extra-roomy layout for the demo's spacious variant. */
  spacious?: boolean;
  /**
   * The signed-in artist's own header and figures. Given on `/dashboard/artist`: the
   * page leads with them and the sample analytics follow under the 'Sample data' heading, while
   * the sample identity (BTI) is shown nowhere. The demos and /test leave it out (spec sample).
   */
  own?: { header: ReactNode; figures: ReactNode };
}

/** The artist dashboard on sample data (after the artist's own, when given); the period re-selects figures locally. */
export function ArtistDashboard({ withUpload = true, roleSwitcher, spacious = false, own }: ArtistDashboardProps) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_PERIOD);
  const data = useMemo(() => selectArtistAnalytics(period), [period]);
  const gap = dashboardGap(spacious);

  return (
    <DashboardFrame
      testId="artist-dashboard"
      spacious={spacious}
      period={period}
      onPeriodChange={setPeriod}
      own={own?.figures}
      header={
        own?.header ?? (
          <ArtistHeader
            artist={data.artist}
            actions={
              <>
                {roleSwitcher}
                {withUpload ? <UploadContentButton /> : null}
              </>
            }
          />
        )
      }
    >
      <ArtistMetricCards data={data} period={period} />
      <Grid gap={gap}>
        <Grid.Col span={{ base: 12, lg: spacious ? 12 : 8 }}>
          <FanGeographyCard geo={data.fanGeoData} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: spacious ? 12 : 4 }}>
          <RevenueByChannelCard revenue={data.revenueByChannel} />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, md: spacious ? 1 : 2 }} spacing={gap}>
        <WeeklyEngagementCard engagement={data.dropEngagement} />
        <TopPromotersCard promoters={data.topPromoters} />
      </SimpleGrid>
      <ContentThemesCard themes={data.contentThemes} />
    </DashboardFrame>
  );
}
