import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/** What the page says on return from Stripe Checkout (create-checkout's success/cancel URLs). */
export const CHECKOUT_NOTICES = {
  success: {
    color: 'green',
    title: 'Payment received',
    message: 'Your new tier unlocks on all your devices as soon as Stripe confirms it, usually within seconds.',
  },
  cancelled: { color: 'gray', title: 'Checkout cancelled', message: 'Nothing was charged.' },
} as const;

/**
 * Shows the Checkout outcome once and takes `checkout=` out of the address, so a reload or a
 * shared link does not say it again. Success only says Stripe took the payment: the tier itself
 * arrives by webhook and sync, never from this redirect.
 */
export function CheckoutReturnNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('checkout');
    if (outcome !== 'success' && outcome !== 'cancelled') return;
    notifications.show({ id: `checkout-${outcome}`, autoClose: 8000, ...CHECKOUT_NOTICES[outcome] });
    url.searchParams.delete('checkout');
    window.history.replaceState(window.history.state, '', url.toString());
  }, []);
  return null;
}
