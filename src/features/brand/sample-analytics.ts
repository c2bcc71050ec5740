/**
 * Sample brand analytics. Partnerships use the shared artist roster;
 * per-period figures come from the tables below and nothing is fetched.
 */
import { sampleArtwork } from '@/sample/artists';
import type { AnalyticsPeriod } from '@/components/dashboard';

type PerPeriod<T> = Record<AnalyticsPeriod, T>;

export interface BrandAnalytics {
  brand: { name: string; logo: string; industry: string; verified: boolean };
  totalImpressions: number;
  engagedFans: number;
  /** US dollars. */
  costPerAction: number;
  /** Percent. */
  conversionRate: number;
  campaignRegions: {
    region: string;
    impressions: number;
    /** Percent of impressions that engaged. */
    engagement: number;
    conversions: number;
    lat: number;
    lng: number;
  }[];
  topArtistPartnerships: { name: string; genre: string; roi: number; fanReach: number; totalSpend: number }[];
  audienceInsights: { demographic: string; size: number; engagement: number; conversion: number }[];
  campaignMomentum: { period: string; impressions: number; engagement: number; conversions: number }[];
  brandAffinityScore: number;
  ugcVolume: number;
  /** Seconds. */
  avgEngagementTime: number;
}

/** Fixed trend percentages of the four metric cards ("each with a fixed trend percentage"). */
export const BRAND_METRIC_TRENDS = {
  reach: 23.5,
  engagedFans: 18.2,
  costPerAction: -8.4,
  conversionRate: 12.7,
} as const;

export const SAMPLE_BRAND: BrandAnalytics['brand'] = {
  name: 'Northwave Audio',
  logo: sampleArtwork('Northwave Audio', 'NA'),
  industry: 'Audio hardware',
  verified: true,
};

const HEADLINE: PerPeriod<
  Pick<BrandAnalytics, 'totalImpressions' | 'engagedFans' | 'costPerAction' | 'conversionRate'>
> = {
  '7d': { totalImpressions: 1_840_000, engagedFans: 46_200, costPerAction: 1.42, conversionRate: 3.1 },
  '30d': { totalImpressions: 7_620_000, engagedFans: 184_500, costPerAction: 1.18, conversionRate: 3.6 },
  '90d': { totalImpressions: 21_900_000, engagedFans: 512_800, costPerAction: 1.05, conversionRate: 4.2 },
};

const SCALE: PerPeriod<number> = { '7d': 0.24, '30d': 1, '90d': 2.87 };

const REGIONS: (Omit<BrandAnalytics['campaignRegions'][number], 'engagement'> & { engagement: PerPeriod<number> })[] = [
  {
    region: 'North America',
    lat: 40.71,
    lng: -74.0,
    impressions: 2_310_000,
    conversions: 8_900,
    engagement: { '7d': 11.2, '30d': 12.8, '90d': 13.5 },
  },
  {
    region: 'Western Europe',
    lat: 50.11,
    lng: 8.68,
    impressions: 1_980_000,
    conversions: 7_600,
    engagement: { '7d': 14.1, '30d': 16.4, '90d': 17.2 },
  },
  {
    region: 'United Kingdom',
    lat: 53.48,
    lng: -2.24,
    impressions: 1_020_000,
    conversions: 3_900,
    engagement: { '7d': 13.0, '30d': 14.6, '90d': 15.9 },
  },
  {
    region: 'Nordics',
    lat: 59.91,
    lng: 10.75,
    impressions: 410_000,
    conversions: 1_500,
    engagement: { '7d': 17.4, '30d': 18.9, '90d': 19.6 },
  },
  {
    region: 'Japan',
    lat: 35.68,
    lng: 139.69,
    impressions: 640_000,
    conversions: 2_100,
    engagement: { '7d': 15.8, '30d': 16.1, '90d': 15.2 },
  },
  {
    region: 'Brazil',
    lat: -23.55,
    lng: -46.63,
    impressions: 520_000,
    conversions: 1_800,
    engagement: { '7d': 9.4, '30d': 10.7, '90d': 12.3 },
  },
  {
    region: 'West Africa',
    lat: 6.52,
    lng: 3.38,
    impressions: 290_000,
    conversions: 1_200,
    engagement: { '7d': 19.8, '30d': 21.3, '90d': 22.0 },
  },
  {
    region: 'Australia',
    lat: -37.81,
    lng: 144.96,
    impressions: 270_000,
    conversions: 900,
    engagement: { '7d': 8.7, '30d': 9.9, '90d': 11.4 },
  },
  {
    region: 'Mexico',
    lat: 19.43,
    lng: -99.13,
    impressions: 180_000,
    conversions: 700,
    engagement: { '7d': 12.2, '30d': 13.7, '90d': 14.8 },
  },
];

const PARTNERSHIPS: BrandAnalytics['topArtistPartnerships'] = [
  { name: 'BTI', genre: 'underground electronic', roi: 4.2, fanReach: 312_000, totalSpend: 18_500 },
  { name: 'Kilo Verse', genre: 'experimental hip-hop', roi: 3.7, fanReach: 1_240_000, totalSpend: 42_000 },
  { name: 'Velvet Circuit', genre: 'indie synthwave', roi: 3.1, fanReach: 410_000, totalSpend: 21_000 },
  { name: 'Mara Sol', genre: 'underground electronic', roi: 2.8, fanReach: 205_000, totalSpend: 12_500 },
  { name: 'Nyx Hollow', genre: 'dark ambient', roi: 2.2, fanReach: 98_400, totalSpend: 7_500 },
];

const AUDIENCE: (Omit<BrandAnalytics['audienceInsights'][number], 'size'> & { size: number })[] = [
  { demographic: 'Gen Z ravers (18-24)', size: 68_400, engagement: 18.6, conversion: 4.1 },
  { demographic: 'Vinyl collectors (25-34)', size: 41_900, engagement: 14.2, conversion: 5.3 },
  { demographic: 'Bedroom producers', size: 33_200, engagement: 21.4, conversion: 6.8 },
  { demographic: 'Festival travellers', size: 24_700, engagement: 11.9, conversion: 3.2 },
  { demographic: 'Late-night listeners', size: 16_300, engagement: 9.8, conversion: 2.4 },
];

const MOMENTUM: PerPeriod<BrandAnalytics['campaignMomentum']> = {
  '7d': [
    { period: 'Mon', impressions: 221_000, engagement: 5_400, conversions: 680 },
    { period: 'Tue', impressions: 238_000, engagement: 5_900, conversions: 720 },
    { period: 'Wed', impressions: 254_000, engagement: 6_300, conversions: 790 },
    { period: 'Thu', impressions: 262_000, engagement: 6_500, conversions: 810 },
    { period: 'Fri', impressions: 301_000, engagement: 7_800, conversions: 960 },
    { period: 'Sat', impressions: 318_000, engagement: 8_200, conversions: 1_010 },
    { period: 'Sun', impressions: 246_000, engagement: 6_100, conversions: 750 },
  ],
  '30d': [
    { period: 'Week 1', impressions: 1_620_000, engagement: 38_900, conversions: 5_400 },
    { period: 'Week 2', impressions: 1_840_000, engagement: 44_100, conversions: 6_300 },
    { period: 'Week 3', impressions: 1_960_000, engagement: 48_700, conversions: 7_100 },
    { period: 'Week 4', impressions: 2_200_000, engagement: 52_800, conversions: 8_600 },
  ],
  '90d': [
    { period: 'Sep', impressions: 6_400_000, engagement: 148_000, conversions: 19_800 },
    { period: 'Oct', impressions: 7_300_000, engagement: 171_000, conversions: 24_100 },
    { period: 'Nov', impressions: 8_200_000, engagement: 193_800, conversions: 27_400 },
  ],
};

const IMPACT: PerPeriod<Pick<BrandAnalytics, 'brandAffinityScore' | 'ugcVolume' | 'avgEngagementTime'>> = {
  '7d': { brandAffinityScore: 84, ugcVolume: 610, avgEngagementTime: 208 },
  '30d': { brandAffinityScore: 87, ugcVolume: 2_340, avgEngagementTime: 222 },
  '90d': { brandAffinityScore: 82, ugcVolume: 6_870, avgEngagementTime: 197 },
};

/** Brand analytics for one period: a pure selection from the tables above. */
export function selectBrandAnalytics(period: AnalyticsPeriod): BrandAnalytics {
  const scale = SCALE[period];
  return {
    brand: SAMPLE_BRAND,
    ...HEADLINE[period],
    campaignRegions: REGIONS.map((region) => ({
      ...region,
      impressions: Math.round(region.impressions * scale),
      conversions: Math.round(region.conversions * scale),
      engagement: region.engagement[period],
    })),
    topArtistPartnerships: PARTNERSHIPS,
    audienceInsights: AUDIENCE.map((row) => ({ ...row, size: Math.round(row.size * Math.sqrt(scale)) })),
    campaignMomentum: MOMENTUM[period],
    ...IMPACT[period],
  };
}

/** "3m 42s" */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}
