import { openBillingPortal } from './api/checkout';
import { PaymentButton } from './PaymentButton';

/** 'Manage subscription': the Stripe Customer Portal, where a paid tier is cancelled or its card changed. */
export function ManageSubscriptionButton({ size = 'xs' }: { size?: 'xs' | 'sm' | 'compact-sm' }) {
  return (
    <PaymentButton size={size} variant="default" onPay={openBillingPortal} showReason>
      Manage subscription
    </PaymentButton>
  );
}
