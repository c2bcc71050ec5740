/** Profile summaries and cultural trends for the portal's Cultural Insights tab. */
export const ARTIST_PROFILE_SUMMARY = {
  stats: { followers: 312_000, lockerEngagement: 68, brandCollabScore: 87, culturalAlignment: 91 },
  preferences: {
    brandTypes: ['Audio hardware', 'Streetwear', 'Independent venues'],
    collaborationStyle: 'Long-term, co-created',
    budgetRange: '$15K-$30K',
  },
};

export const BRAND_PROFILE_SUMMARY = {
  stats: { campaignSuccess: 84, artistSatisfaction: 92, culturalRelevance: 88, budgetRange: '$20K-$60K' },
  preferences: {
    genres: ['Underground electronic', 'Experimental hip-hop'],
    collaborationStyle: 'Artist-led creative',
    payoutModel: 'Hybrid',
  },
};

export const CULTURAL_TRENDS = [
  { theme: 'Acid revival', momentum: 34 },
  { theme: 'Binaural & spatial mixes', momentum: 27 },
  { theme: 'Beat-tape culture', momentum: 19 },
  { theme: 'Slow listening', momentum: 15 },
  { theme: 'Afro-house crossovers', momentum: 31 },
];
