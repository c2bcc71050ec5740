import { Text } from '@mantine/core';
import { startCheckout } from './api/checkout';
import { PaymentButton } from './PaymentButton';
import { useArtistTiers } from './use-artist-tiers';

/**
 * 'Upgrade to Tier N — $X/month' for a real artist's tier, priced by the server; opens Stripe
 * Checkout. While the price loads nothing claims a figure; an artist without that tier says so.
 */
export function UpgradeButton({
  artistId,
  level,
  size = 'xs',
}: {
  artistId: string;
  level: number;
  size?: 'xs' | 'sm';
}) {
  const { status, tiers } = useArtistTiers(artistId);
  const tier = tiers.find((t) => t.level === level);
  if (status === 'ready' && !tier) {
    return (
      <Text size="xs" c="dimmed">
        This artist has not priced Tier {level} yet.
      </Text>
    );
  }
  return (
    <PaymentButton size={size} variant="filled" onPay={() => startCheckout(artistId, level)} showReason>
      {tier ? `Upgrade to Tier ${level} — $${tier.price}/month` : `Upgrade to Tier ${level}`}
    </PaymentButton>
  );
}
