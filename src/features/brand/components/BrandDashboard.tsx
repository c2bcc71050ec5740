import { Grid, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { DashboardFrame, dashboardGap, DEFAULT_PERIOD, type AnalyticsPeriod } from '@/components/dashboard';
import { selectBrandAnalytics } from '../sample-analytics';
import { AI_CAMPAIGN_INSIGHTS, ARTIST_THEME_VECTOR } from '../sample-insights';
import { ArtistPartnershipsCard } from './ArtistPartnershipsCard';
import { AudienceIntelligenceCard } from './AudienceIntelligenceCard';
import { BrandHeader } from './BrandHeader';
import { BrandImpactCard } from './BrandImpactCard';
import { BrandMetricCards } from './BrandMetricCards';
import { CampaignMomentumCard } from './CampaignMomentumCard';
import { CampaignRegionsCard } from './CampaignRegionsCard';
import { OptimizationInsightsCard } from './OptimizationInsightsCard';
import { RecommendedArtistsCard } from './RecommendedArtistsCard';
import { ThemeVectorSpaceCard } from './ThemeVectorSpaceCard';

export interface BrandDashboardProps {
  /** Adds AI campaign insights, optimisation insights and the theme vector space. */
  extended?: boolean;
  roleSwitcher?: ReactNode;
  spacious?: boolean;
  /** The signed-in brand's own header and figures: first, and the sample under 'Sample data'. */
  own?: { header: ReactNode; figures: ReactNode };
}

/** The brand dashboard on static sample data; the period (default 30d) re-selects figures locally. */
export function BrandDashboard({ extended = true, roleSwitcher, spacious = false, own }: BrandDashboardProps) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_PERIOD);
  const data = useMemo(() => selectBrandAnalytics(period), [period]);
  const gap = dashboardGap(spacious);

  return (
    <DashboardFrame
      testId="brand-dashboard"
      spacious={spacious}
      period={period}
      onPeriodChange={setPeriod}
      header={own?.header ?? <BrandHeader brand={data.brand} actions={roleSwitcher} />}
      own={own?.figures}
    >
      <BrandMetricCards data={data} />
      <Grid gap={gap}>
        <Grid.Col span={{ base: 12, lg: spacious ? 12 : 7 }}>
          <CampaignRegionsCard regions={data.campaignRegions} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: spacious ? 12 : 5 }}>
          <CampaignMomentumCard momentum={data.campaignMomentum} />
        </Grid.Col>
      </Grid>
      {own ? (
        // a signed-in brand's partnerships are its own (in `own`); the sample's would repeat the card
        <AudienceIntelligenceCard audience={data.audienceInsights} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: spacious ? 1 : 2 }} spacing={gap}>
          <AudienceIntelligenceCard audience={data.audienceInsights} />
          <ArtistPartnershipsCard partners={data.topArtistPartnerships} />
        </SimpleGrid>
      )}
      <BrandImpactCard data={data} />
      {extended ? (
        <Stack gap={gap} component="section" aria-labelledby="brand-extended-heading">
          <Title order={2} size="h3" id="brand-extended-heading" mt="md">
            Extended view
          </Title>
          <RecommendedArtistsCard artists={AI_CAMPAIGN_INSIGHTS.recommendedArtists} />
          <OptimizationInsightsCard insights={AI_CAMPAIGN_INSIGHTS.campaignOptimizations} />
          <ThemeVectorSpaceCard themes={ARTIST_THEME_VECTOR} />
        </Stack>
      ) : null}
    </DashboardFrame>
  );
}
