/** Numeric fan tier (tiers free, tier1-3 gate content; fan tiers are numeric). */
import type { FanSubscription, SubscriptionTier } from './types';

export const TIER_NUMBER: Record<SubscriptionTier, number> = { free: 0, tier1: 1, tier2: 2, tier3: 3 };

/** The highest tier among the fan's subscriptions; 0 without any. */
export function fanTierFromSubscriptions(subscriptions: Pick<FanSubscription, 'tier'>[]): number {
  return subscriptions.reduce((max, sub) => Math.max(max, TIER_NUMBER[sub.tier]), 0);
}

export function monthlySpend(subscriptions: Pick<FanSubscription, 'price'>[]): number {
  return subscriptions.reduce((sum, sub) => sum + sub.price, 0);
}
