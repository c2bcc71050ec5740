import { Text } from '@mantine/core';
import { startCheckout } from './api/checkout';
import { PaymentButton } from './PaymentButton';
import { TierChangeButton } from './TierChangeButton';
import { useArtistTiers } from './use-artist-tiers';
import { usePaidLevel } from './use-paid-level';

/**
 * 'Upgrade to Tier N — $X/month' for a real artist's tier, priced by the server: Stripe Checkout
 * for a fan who does not pay this artist yet, a prorated plan change (asked first) for one who
 * does. While the price loads nothing claims a figure; an artist without that tier says so.
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
  const paid = usePaidLevel(artistId);
  if (status === 'ready' && !tier) {
    return (
      <Text size="xs" c="dimmed">
        This artist has not priced Tier {level} yet.
      </Text>
    );
  }
  if (tier && paid > 0 && paid !== level)
    return <TierChangeButton artistId={artistId} tier={tier} from={paid} size={size} />;
  return (
    <PaymentButton size={size} variant="filled" onPay={() => startCheckout(artistId, level)} showReason>
      {tier ? `Upgrade to Tier ${level} — $${tier.price}/month` : `Upgrade to Tier ${level}`}
    </PaymentButton>
  );
}
