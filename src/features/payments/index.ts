/** Public API of the payments feature: other features import only from here. */
export {
  getStripe,
  isPaymentsConfigured,
  PAYMENTS_DISABLED_REASON,
  PAYMENTS_UNAVAILABLE_REASON,
  type PaymentsStatus,
} from './payments-client';
export { loadStripeClient, MISSING_KEY_WARNING, LOAD_FAILURE_HINTS } from './stripe-loader';
export { PaymentButton, type PaymentButtonProps } from './PaymentButton';
export { usePaymentsAvailability, type PaymentsAvailability } from './use-payments-availability';
export { UpgradeButton } from './UpgradeButton';
export { TierChangeButton } from './TierChangeButton';
export { ManageSubscriptionButton } from './ManageSubscriptionButton';
export { TierEditor } from './TierEditor';
export { useArtistTiers } from './use-artist-tiers';
export { perMonth, type ArtistTier } from './api/artist-tiers';
export { changeTier, startCheckout } from './api/checkout';
export { EarningsCard } from './EarningsCard';
