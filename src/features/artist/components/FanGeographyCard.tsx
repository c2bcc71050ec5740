import { useMemo } from 'react';
import { WorldMap, type MapMarker } from '@/components/WorldMap';
import { formatCompactNumber } from '@/lib/format';
import type { ArtistAnalytics } from '../sample-analytics';
import { SectionCard } from '@/components/dashboard';

/** Fans per country on the offline world map; growth above 15% glows in the other colour. */
export function FanGeographyCard({ geo }: { geo: ArtistAnalytics['fanGeoData'] }) {
  const markers = useMemo<MapMarker[]>(
    () =>
      geo.map((row) => ({
        id: row.country,
        label: row.country,
        lat: row.lat,
        lng: row.lng,
        value: row.fans,
        engagement: row.growth,
        details: [
          { label: 'Fans', value: formatCompactNumber(row.fans) },
          { label: 'Growth', value: `+${row.growth}%` },
        ],
      })),
    [geo],
  );
  return (
    <SectionCard title="Fan Geography" description="Where your fans listen from" testId="fan-geography">
      <WorldMap title="Fan geography" markers={markers} engagementLabel="Growth" />
    </SectionCard>
  );
}
