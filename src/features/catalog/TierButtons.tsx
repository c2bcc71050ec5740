import { Group, Stack } from '@mantine/core';
import { PaymentButton } from '@/features/payments';
import type { SampleArtist } from '@/sample/artists';

/** The subscription tier buttons ('$X/month') and 'Join'; disabled with a reason when payments are off. */
export function TierButtons({ artist, compact = false }: { artist: SampleArtist; compact?: boolean }) {
  return (
    <Stack gap={6}>
      <Group gap={6} grow wrap="nowrap">
        {artist.subscriptionTiers.map((tier) => (
          <PaymentButton
            key={tier.id}
            size="compact-sm"
            variant="light"
            aria-label={`${tier.name}: $${tier.price}/month with ${artist.name}`}
            title={`${tier.name} — ${tier.benefits.join(', ')}`}
          >
            ${tier.price}/month
          </PaymentButton>
        ))}
      </Group>
      <PaymentButton size={compact ? 'compact-sm' : 'sm'} fullWidth aria-label={`Join ${artist.name}`}>
        Join
      </PaymentButton>
    </Stack>
  );
}
