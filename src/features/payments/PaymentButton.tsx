import { Button, Stack, Text, Tooltip, type ButtonProps, type ElementProps } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useOnline } from '@/lib/use-online';
import { OFFLINE_PAYMENT } from './api/checkout';
import { usePaymentsAvailability } from './use-payments-availability';

/** A payment button with nothing to pay (the spec's sample artists): said, not silently dead. */
export const SAMPLE_PAYMENT_REASON = 'Sample artist: paying is for real artists.';

export interface PaymentButtonProps
  extends
    Omit<ButtonProps, 'disabled' | 'loading'>,
    Omit<ElementProps<'button', keyof ButtonProps>, 'onClick' | 'disabled' | 'children'> {
  children: ReactNode;
  /**
   * Starts the payment (create-checkout, billing-portal); its error is shown under the button.
   * Without it the button belongs to a sample artist and is disabled with SAMPLE_PAYMENT_REASON.
   */
  onPay?: () => Promise<void>;
  /** Show the reason as a line of text under the button instead of only in a tooltip. */
  showReason?: boolean;
}

/**
 * A payment action ('$X/month', 'Upgrade to Tier N — $X/month', 'Manage subscription'): disabled
 * with an explanation when payments are not configured, offline (nothing is queued: a payment is
 * never replayed later) or for a sample artist; shows the server's refusal when paying fails.
 */
export function PaymentButton({ children, onPay, showReason = false, ...buttonProps }: PaymentButtonProps) {
  const payments = usePaymentsAvailability();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reasonId = useId();
  const reason = !payments.available
    ? payments.reason
    : !onPay
      ? SAMPLE_PAYMENT_REASON
      : !online
        ? OFFLINE_PAYMENT
        : null;
  const available = Boolean(onPay) && payments.available && online;

  async function handleClick() {
    if (!onPay) return;
    setBusy(true);
    setError('');
    try {
      await onPay();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
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
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
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
