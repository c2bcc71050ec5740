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
      {reason && !showReason ? <ReasonTooltip label={reason}>{button}</ReasonTooltip> : button}
      {reason ? (
        <Text id={reasonId} size="xs" c="dimmed" style={showReason ? undefined : visuallyHidden}>
          {reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The reason as a hover tooltip. A disabled button gets no pointer events, so a span carries it;
 * the Tooltip (floating-ui) mounts on the first hover only: a catalog page holds a hundred of these
 * buttons and mounting that many tooltips up front blocks its first paint. Keyboard and screen
 * reader users get the reason through aria-describedby.
 */
function ReasonTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [armed, setArmed] = useState(false);
  const [hovered, setHovered] = useState(false);
  const span = (
    <span
      style={{ display: 'block' }}
      onPointerEnter={() => {
        setArmed(true);
        setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
    >
      {children}
    </span>
  );
  if (!armed) return span;
  return (
    <Tooltip label={label} opened={hovered} multiline w={260} withArrow>
      {span}
    </Tooltip>
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
