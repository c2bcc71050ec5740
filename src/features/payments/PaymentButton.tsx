import { Button, Stack, Text, Tooltip, type ButtonProps, type ElementProps } from '@mantine/core';
import type { Stripe } from '@stripe/stripe-js';
import { useId, useState, type ReactNode } from 'react';
import { getStripe } from './payments-client';
import { usePaymentsAvailability } from './use-payments-availability';

export interface PaymentButtonProps
  extends
    Omit<ButtonProps, 'disabled' | 'loading'>,
    Omit<ElementProps<'button', keyof ButtonProps>, 'onClick' | 'disabled' | 'children'> {
  children: ReactNode;
  /** Runs with the loaded Stripe instance (or null when the script could not load). */
  onPay?: (stripe: Stripe | null) => void;
  /** Show the reason as a line of text under the button instead of only in a tooltip. */
  showReason?: boolean;
}

/**
 * A payment action ('Join', 'Subscribe'): disabled with an explanation when no key is configured,
 * and the one place Stripe.js gets loaded from a click.
 */
export function PaymentButton({ children, onPay, showReason = false, ...buttonProps }: PaymentButtonProps) {
  const { available, reason } = usePaymentsAvailability();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();

  async function handleClick() {
    setBusy(true);
    try {
      const stripe = await getStripe();
      onPay?.(stripe);
    } finally {
      setBusy(false);
    }
  }

  const button = (
    <Button
      {...buttonProps}
      disabled={!available}
      loading={busy}
      aria-describedby={reason ? reasonId : undefined}
      data-payments-disabled={available ? undefined : 'true'}
      onClick={() => void handleClick()}
    >
      {children}
    </Button>
  );

  return (
    <Stack gap={4}>
      {reason && !showReason ? (
        <Tooltip label={reason} multiline w={260} withArrow>
          {/* A disabled button gets no pointer events; the span carries the tooltip. */}
          <span style={{ display: 'block' }}>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {reason ? (
        <Text id={reasonId} size="xs" c="dimmed" style={showReason ? undefined : visuallyHidden}>
          {reason}
        </Text>
      ) : null}
    </Stack>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
