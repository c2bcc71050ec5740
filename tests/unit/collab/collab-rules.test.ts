import { describe, expect, it } from 'vitest';
import { applyBrowseFilter, isHighMatch, OFFER_STATUS_LABELS } from '../../../src/features/collab/collab-rules';
import { offersFor } from '../../../src/features/collab/sample-offers';
import { ARTIST_PITCHES, BRAND_CAMPAIGN_OFFERS } from '../../../src/features/collab/sample-portal';

describe('high-match rule', () => {
  it('is a match score of at least 85 or an engagement rate of at least 18', () => {
    expect(isHighMatch({ matchScore: 85 })).toBe(true);
    expect(isHighMatch({ matchScore: 84.9 })).toBe(false);
    expect(isHighMatch({ engagementRate: 18 })).toBe(true);
    expect(isHighMatch({ engagementRate: 17.9 })).toBe(false);
    expect(isHighMatch({ matchScore: 60, engagementRate: 21 })).toBe(true);
    expect(isHighMatch({})).toBe(false);
  });

  it('only the high-match filter removes items; budget and timeline only reorder', () => {
    const items = [
      { id: 'a', matchScore: 90, budgetValue: 5, timelineDays: 30 },
      { id: 'b', matchScore: 70, engagementRate: 19, budgetValue: 50, timelineDays: 10 },
      { id: 'c', matchScore: 70, engagementRate: 9, budgetValue: 20, timelineDays: 60 },
    ];
    expect(applyBrowseFilter(items, 'all').map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(applyBrowseFilter(items, 'high-match').map((i) => i.id)).toEqual(['a', 'b']);
    expect(applyBrowseFilter(items, 'budget').map((i) => i.id)).toEqual(['b', 'c', 'a']);
    expect(applyBrowseFilter(items, 'timeline').map((i) => i.id)).toEqual(['b', 'a', 'c']);
  });

  it('sample data has both high and ordinary matches for each viewer', () => {
    expect(applyBrowseFilter(BRAND_CAMPAIGN_OFFERS, 'high-match').length).toBeGreaterThan(0);
    expect(applyBrowseFilter(BRAND_CAMPAIGN_OFFERS, 'high-match').length).toBeLessThan(BRAND_CAMPAIGN_OFFERS.length);
    const pitches = ARTIST_PITCHES.map((p) => ({ ...p, engagementRate: p.artist.engagementRate }));
    expect(applyBrowseFilter(pitches, 'high-match').length).toBeLessThan(pitches.length);
  });
});

describe('offers', () => {
  it('have the spec status labels', () => {
    expect(OFFER_STATUS_LABELS).toEqual({
      pending: 'Awaiting Response',
      in_progress: 'In Progress',
      accepted: 'Accepted',
    });
  });

  it('are filtered by the user type they are addressed to', () => {
    expect(offersFor('artist').every((offer) => offer.to.type === 'artist')).toBe(true);
    expect(offersFor('brand').every((offer) => offer.to.type === 'brand')).toBe(true);
    expect(offersFor('artist').length + offersFor('brand').length).toBeGreaterThan(3);
  });
});
