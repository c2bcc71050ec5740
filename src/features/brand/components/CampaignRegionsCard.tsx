import { useMemo } from 'react';
import { WorldMap, type MapMarker } from '@/components/WorldMap';
import { formatCompactNumber } from '@/lib/format';
import type { BrandAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';

export function CampaignRegionsCard({ regions }: { regions: BrandAnalytics['campaignRegions'] }) {
  const markers = useMemo<MapMarker[]>(
    () =>
      regions.map((region) => ({
        id: region.region,
        label: region.region,
        lat: region.lat,
        lng: region.lng,
        value: region.impressions,
        engagement: region.engagement,
        details: [
          { label: 'Impressions', value: formatCompactNumber(region.impressions) },
          { label: 'Engagement', value: `${region.engagement}%` },
          { label: 'Conversions', value: formatCompactNumber(region.conversions) },
        ],
      })),
    [regions],
  );
  return (
    <SectionCard title="Campaign Regions" description="Impressions and engagement by region" testId="campaign-regions">
      <WorldMap
        title="Campaign regions"
        markers={markers}
        normalColor="var(--mantine-color-blue-4)"
        highColor="var(--mantine-color-pink-4)"
      />
    </SectionCard>
  );
}
