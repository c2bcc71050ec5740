import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Modal } from '@/components/Modal';
import { changeTier } from './api/checkout';
import type { ArtistTier } from './api/artist-tiers';
import { perMonth } from './api/artist-tiers';
import { PaymentButton } from './PaymentButton';

/**
 * A paying fan's move to another tier of the same artist ('Upgrade to Tier N — $X/month' or
 * 'Switch to Tier N — $X/month'): asks first, saying what Stripe will charge or credit, then
 * changes the plan through change-tier. The tier itself arrives by sync once Stripe confirms.
 */
export function TierChangeButton({
  artistId,
  tier,
  from,
  size = 'xs',
  variant = 'filled',
  children,
}: {
  artistId: string;
  tier: ArtistTier;
  /** the level the fan pays now */
  from: number;
  size?: 'xs' | 'sm' | 'compact-sm';
  variant?: 'filled' | 'light';
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const upgrade = tier.level > from;
  const label = `${upgrade ? 'Upgrade' : 'Switch'} to Tier ${tier.level} — ${perMonth(tier.price)}`;

  async function confirm() {
    setBusy(true);
    setError('');
    try {
      await changeTier(artistId, tier.level);
      setOpen(false);
      notifications.show({
        color: 'green',
        title: upgrade ? 'Upgrade paid' : 'Tier changed',
        message: `Tier ${tier.level} reaches your devices in a moment.`,
      });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PaymentButton size={size} variant={variant} onPay={async () => setOpen(true)} showReason>
        {children ?? label}
      </PaymentButton>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`${upgrade ? 'Upgrade' : 'Switch'} to Tier ${tier.level}?`}
      >
        <Stack gap="sm">
          <Text size="sm">
            {tier.name}: {perMonth(tier.price)} from now on, instead of your Tier {from}.
          </Text>
          <Text size="sm" c="dimmed">
            {upgrade
              ? 'Stripe charges the difference for the rest of this billing period to your card now.'
              : 'Stripe credits the unused part of this period to your next payment.'}
          </Text>
          {error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)} disabled={busy}>
              Keep Tier {from}
            </Button>
            <Button onClick={() => void confirm()} loading={busy}>
              {upgrade ? 'Pay and upgrade' : 'Switch tier'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
