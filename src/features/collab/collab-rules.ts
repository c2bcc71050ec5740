/** Pure rules of the collaboration screens. */

export const HIGH_MATCH_SCORE = 85;
export const HIGH_MATCH_ENGAGEMENT = 18;

/** High match: match score at least 85, or the artist's engagement rate at least 18 (percent). */
export function isHighMatch(item: { matchScore?: number; engagementRate?: number }): boolean {
  return (item.matchScore ?? 0) >= HIGH_MATCH_SCORE || (item.engagementRate ?? 0) >= HIGH_MATCH_ENGAGEMENT;
}

export type OfferStatus = 'pending' | 'in_progress' | 'accepted';

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Awaiting Response',
  in_progress: 'In Progress',
  accepted: 'Accepted',
};

export const OFFER_STATUS_COLORS: Record<OfferStatus, string> = {
  pending: 'yellow',
  in_progress: 'blue',
  accepted: 'green',
};

export type CollabUserType = 'artist' | 'brand';

export const PROPOSAL_TIMELINES = ['1-2 weeks', '3-4 weeks', '1-2 months', '3+ months'] as const;
export const PITCH_BUDGET_RANGES = ['$5K-$15K', '$15K-$30K', '$30K-$50K', '$50K+'] as const;
export const PAYOUT_MODELS = ['Per code claimed', 'Flat rate', 'Revenue share', 'Hybrid'] as const;

export type BrowseFilter = 'all' | 'high-match' | 'budget' | 'timeline';

/** Only 'high-match' removes items; 'budget' and 'timeline' order them instead. */
export function applyBrowseFilter<
  T extends { matchScore?: number; engagementRate?: number; budgetValue: number; timelineDays: number },
>(items: readonly T[], filter: BrowseFilter): T[] {
  if (filter === 'high-match') return items.filter(isHighMatch);
  if (filter === 'budget') return [...items].sort((a, b) => b.budgetValue - a.budgetValue);
  if (filter === 'timeline') return [...items].sort((a, b) => a.timelineDays - b.timelineDays);
  return [...items];
}

/** Statuses of real collaborations: the spec's pending label, and the answers it leaves out. */
export const REAL_STATUS_LABELS = {
  pending: 'Awaiting Response',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
} as const;

export const REAL_STATUS_COLORS: Record<keyof typeof REAL_STATUS_LABELS, string> = {
  pending: 'yellow',
  countered: 'blue',
  accepted: 'green',
  declined: 'red',
  withdrawn: 'gray',
};

/** Whole US dollars as the screens show them: $8,000. */
export const formatBudget = (usd: number) => `$${usd.toLocaleString('en-US')}`;
