import { describe, expect, it } from 'vitest';
import { ANALYTICS_PERIODS, DEFAULT_PERIOD } from '../../../src/components/dashboard/analytics-period';
import { selectArtistAnalytics } from '../../../src/features/artist/sample-analytics';
import { BRAND_METRIC_TRENDS, selectBrandAnalytics } from '../../../src/features/brand/sample-analytics';
import { ARTIST_THEME_VECTOR } from '../../../src/features/brand/sample-insights';
import { SAMPLE_ARTISTS } from '../../../src/sample/artists';

describe('period figure selection', () => {
  it('defaults to 30d and offers 7d, 30d, 90d', () => {
    expect(DEFAULT_PERIOD).toBe('30d');
    expect(ANALYTICS_PERIODS).toEqual(['7d', '30d', '90d']);
  });

  it('artist figures differ per period and grow with its length', () => {
    const [week, month, quarter] = ANALYTICS_PERIODS.map(selectArtistAnalytics);
    expect(week!.totalStreams).toBeLessThan(month!.totalStreams);
    expect(month!.totalStreams).toBeLessThan(quarter!.totalStreams);
    expect(week!.lockerLogins).not.toBe(month!.lockerLogins);
    expect(week!.dropEngagement).toHaveLength(7);
    expect(month!.fanGeoData[0]!.fans).not.toBe(quarter!.fanGeoData[0]!.fans);
  });

  it('artist revenue shares add up to about 100% and the artist is on the shared roster', () => {
    const data = selectArtistAnalytics('30d');
    const share = data.revenueByChannel.reduce((sum, row) => sum + row.percentage, 0);
    expect(share).toBeGreaterThan(99.5);
    expect(share).toBeLessThan(100.5);
    expect(SAMPLE_ARTISTS.map((artist) => artist.name)).toContain(data.artist.name);
  });

  it('brand figures change per period while the card trends stay fixed', () => {
    const week = selectBrandAnalytics('7d');
    const month = selectBrandAnalytics('30d');
    expect(week.totalImpressions).not.toBe(month.totalImpressions);
    expect(week.campaignMomentum).not.toEqual(month.campaignMomentum);
    expect(BRAND_METRIC_TRENDS).toEqual({ reach: 23.5, engagedFans: 18.2, costPerAction: -8.4, conversionRate: 12.7 });
  });

  it('brand partnerships use artists of the shared roster; the theme space has ten themes', () => {
    const names = SAMPLE_ARTISTS.map((artist) => artist.name);
    for (const partner of selectBrandAnalytics('30d').topArtistPartnerships) expect(names).toContain(partner.name);
    expect(ARTIST_THEME_VECTOR).toHaveLength(10);
  });
});
