/**
 * Sample artist analytics for the featured artist of the shared roster.
 * Every figure comes from the per-period tables below; nothing is fetched.
 */
import { FEATURED_ARTIST } from '@/sample/artists';
import type { AnalyticsPeriod } from '@/components/dashboard';

export interface ArtistAnalytics {
  artist: { name: string; avatar: string; tier: string; verified: boolean };
  totalStreams: number;
  lockerLogins: number;
  /** Percent of listeners who became paying fans. */
  fanConversionRate: number;
  contentAlignmentScore: number;
  /** Change against the previous period of the same length, percent. */
  trends: { streams: number; lockerLogins: number; fanConversion: number };
  revenueByChannel: { channel: string; revenue: number; percentage: number; color: string }[];
  fanGeoData: { country: string; fans: number; growth: number; lat: number; lng: number }[];
  dropEngagement: { date: string; score: number; plays: number }[];
  topPromoters: { name: string; referrals: number; earnings: number; avatar: string }[];
  contentThemes: { theme: string; count: number; color: string }[];
}

type PerPeriod<T> = Record<AnalyticsPeriod, T>;

const HEADLINE: PerPeriod<
  Pick<ArtistAnalytics, 'totalStreams' | 'lockerLogins' | 'fanConversionRate' | 'contentAlignmentScore' | 'trends'>
> = {
  '7d': {
    totalStreams: 184_300,
    lockerLogins: 9_420,
    fanConversionRate: 6.8,
    contentAlignmentScore: 91,
    trends: { streams: 4.2, lockerLogins: 9.1, fanConversion: 0.6 },
  },
  '30d': {
    totalStreams: 812_600,
    lockerLogins: 38_950,
    fanConversionRate: 7.4,
    contentAlignmentScore: 89,
    trends: { streams: 12.4, lockerLogins: 18.3, fanConversion: 1.2 },
  },
  '90d': {
    totalStreams: 2_340_000,
    lockerLogins: 104_700,
    fanConversionRate: 8.1,
    contentAlignmentScore: 87,
    trends: { streams: 31.8, lockerLogins: 42.5, fanConversion: 2.3 },
  },
};

const CHANNELS: { channel: string; color: string; revenue: PerPeriod<number> }[] = [
  { channel: 'Subscriptions', color: 'green.6', revenue: { '7d': 2_410, '30d': 10_380, '90d': 29_900 } },
  { channel: 'Locker drops', color: 'teal.5', revenue: { '7d': 1_180, '30d': 4_960, '90d': 14_200 } },
  { channel: 'Brand collabs', color: 'blue.5', revenue: { '7d': 650, '30d': 3_800, '90d': 12_500 } },
  { channel: 'Merch', color: 'yellow.5', revenue: { '7d': 420, '30d': 1_720, '90d': 5_150 } },
  { channel: 'Live tickets', color: 'grape.5', revenue: { '7d': 300, '30d': 2_140, '90d': 7_800 } },
];

const GEO: { country: string; lat: number; lng: number; fans: PerPeriod<number>; growth: PerPeriod<number> }[] = [
  {
    country: 'Germany',
    lat: 52.52,
    lng: 13.4,
    fans: { '7d': 3_900, '30d': 14_800, '90d': 38_200 },
    growth: { '7d': 6.1, '30d': 12.4, '90d': 21.7 },
  },
  {
    country: 'United States',
    lat: 40.71,
    lng: -74.0,
    fans: { '7d': 3_100, '30d': 12_600, '90d': 33_900 },
    growth: { '7d': 8.4, '30d': 17.9, '90d': 26.3 },
  },
  {
    country: 'United Kingdom',
    lat: 51.51,
    lng: -0.13,
    fans: { '7d': 1_850, '30d': 7_300, '90d': 19_600 },
    growth: { '7d': 4.2, '30d': 9.8, '90d': 14.1 },
  },
  {
    country: 'Netherlands',
    lat: 52.37,
    lng: 4.9,
    fans: { '7d': 940, '30d': 3_900, '90d': 10_400 },
    growth: { '7d': 3.3, '30d': 7.5, '90d': 11.2 },
  },
  {
    country: 'France',
    lat: 48.86,
    lng: 2.35,
    fans: { '7d': 820, '30d': 3_350, '90d': 9_100 },
    growth: { '7d': 2.9, '30d': 6.4, '90d': 10.8 },
  },
  {
    country: 'Japan',
    lat: 35.68,
    lng: 139.69,
    fans: { '7d': 610, '30d': 2_700, '90d': 7_900 },
    growth: { '7d': 9.6, '30d': 19.2, '90d': 28.4 },
  },
  {
    country: 'Brazil',
    lat: -23.55,
    lng: -46.63,
    fans: { '7d': 540, '30d': 2_400, '90d': 6_800 },
    growth: { '7d': 11.3, '30d': 22.6, '90d': 34.9 },
  },
  {
    country: 'Australia',
    lat: -37.81,
    lng: 144.96,
    fans: { '7d': 380, '30d': 1_600, '90d': 4_700 },
    growth: { '7d': 3.8, '30d': 8.9, '90d': 13.6 },
  },
  {
    country: 'Nigeria',
    lat: 6.52,
    lng: 3.38,
    fans: { '7d': 290, '30d': 1_250, '90d': 3_300 },
    growth: { '7d': 12.7, '30d': 24.1, '90d': 39.5 },
  },
  {
    country: 'Canada',
    lat: 45.5,
    lng: -73.57,
    fans: { '7d': 430, '30d': 1_800, '90d': 5_100 },
    growth: { '7d': 5.0, '30d': 10.3, '90d': 16.2 },
  },
  {
    country: 'Poland',
    lat: 52.23,
    lng: 21.01,
    fans: { '7d': 360, '30d': 1_450, '90d': 3_900 },
    growth: { '7d': 4.6, '30d': 11.7, '90d': 15.4 },
  },
  {
    country: 'Mexico',
    lat: 19.43,
    lng: -99.13,
    fans: { '7d': 270, '30d': 1_150, '90d': 3_400 },
    growth: { '7d': 7.9, '30d': 16.4, '90d': 23.8 },
  },
];

const ENGAGEMENT: PerPeriod<ArtistAnalytics['dropEngagement']> = {
  '7d': [
    { date: 'Mon', score: 72, plays: 21_400 },
    { date: 'Tue', score: 68, plays: 19_800 },
    { date: 'Wed', score: 81, plays: 26_100 },
    { date: 'Thu', score: 77, plays: 24_300 },
    { date: 'Fri', score: 93, plays: 33_900 },
    { date: 'Sat', score: 97, plays: 36_200 },
    { date: 'Sun', score: 85, plays: 22_600 },
  ],
  '30d': [
    { date: 'Week 1', score: 74, plays: 176_500 },
    { date: 'Week 2', score: 82, plays: 198_200 },
    { date: 'Week 3', score: 79, plays: 201_700 },
    { date: 'Week 4', score: 91, plays: 236_200 },
  ],
  '90d': [
    { date: 'Sep W1', score: 61, plays: 132_000 },
    { date: 'Sep W3', score: 66, plays: 151_400 },
    { date: 'Oct W1', score: 70, plays: 168_900 },
    { date: 'Oct W3', score: 75, plays: 180_300 },
    { date: 'Nov W1', score: 83, plays: 204_800 },
    { date: 'Nov W3', score: 91, plays: 236_200 },
  ],
};

const PROMOTERS: { name: string; referrals: PerPeriod<number>; earnings: PerPeriod<number> }[] = [
  { name: 'Lena K.', referrals: { '7d': 38, '30d': 142, '90d': 391 }, earnings: { '7d': 57, '30d': 213, '90d': 587 } },
  { name: 'Marco V.', referrals: { '7d': 29, '30d': 118, '90d': 344 }, earnings: { '7d': 44, '30d': 177, '90d': 516 } },
  { name: 'Aiko T.', referrals: { '7d': 31, '30d': 96, '90d': 260 }, earnings: { '7d': 47, '30d': 144, '90d': 390 } },
  { name: 'Dre M.', referrals: { '7d': 17, '30d': 74, '90d': 228 }, earnings: { '7d': 26, '30d': 111, '90d': 342 } },
  { name: 'Sofia R.', referrals: { '7d': 12, '30d': 61, '90d': 187 }, earnings: { '7d': 18, '30d': 92, '90d': 281 } },
];

const THEMES: ArtistAnalytics['contentThemes'] = [
  { theme: 'Modular live sets', count: 24, color: 'green' },
  { theme: 'Warehouse techno', count: 18, color: 'teal' },
  { theme: 'Ambient interludes', count: 11, color: 'cyan' },
  { theme: 'Field recordings', count: 7, color: 'blue' },
  { theme: 'Remixes & edits', count: 9, color: 'grape' },
  { theme: 'Studio diaries', count: 5, color: 'yellow' },
];

function initialsAvatar(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .toUpperCase();
}

/** The artist analytics for one period: a pure selection from the tables above. */
export function selectArtistAnalytics(period: AnalyticsPeriod): ArtistAnalytics {
  const totalRevenue = CHANNELS.reduce((sum, channel) => sum + channel.revenue[period], 0);
  return {
    artist: {
      name: FEATURED_ARTIST.name,
      avatar: FEATURED_ARTIST.avatar,
      tier: 'Platinum Creator',
      verified: FEATURED_ARTIST.isVerified,
    },
    ...HEADLINE[period],
    revenueByChannel: CHANNELS.map(({ channel, color, revenue }) => ({
      channel,
      color,
      revenue: revenue[period],
      percentage: Math.round((revenue[period] / totalRevenue) * 1000) / 10,
    })),
    fanGeoData: GEO.map(({ country, lat, lng, fans, growth }) => ({
      country,
      lat,
      lng,
      fans: fans[period],
      growth: growth[period],
    })),
    dropEngagement: ENGAGEMENT[period],
    topPromoters: PROMOTERS.map(({ name, referrals, earnings }) => ({
      name,
      referrals: referrals[period],
      earnings: earnings[period],
      avatar: initialsAvatar(name),
    })),
    contentThemes: THEMES,
  };
}
