/**
 * Ending a paid tier on a refund or a dispute (20261129110000_paid_tier_lifecycle.sql): a full
 * refund or a dispute of a charge the ledger recorded ends that subscription's access at once,
 * and the subscription is cancelled at Stripe so the fan is not charged again for a tier they no
 * longer have. Both steps are idempotent, so a redelivered event (or a retry after a failed
 * cancel, which answers 500) does them again harmlessly.
 */
import type Stripe from 'stripe';
import { service, type PaymentsEnv } from '../_shared/payments.ts';

export type EndReason = 'refunded' | 'disputed';

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as { id: unknown }).id) : null;

/** The charge a charge.dispute.created event names; null for other events. */
export function disputedCharge(event: Stripe.Event): string | null {
  if (event.type !== 'charge.dispute.created') return null;
  return idOf((event.data.object as unknown as Record<string, unknown>).charge);
}

/**
 * Ends access for `charge` when Stripe says it is fully refunded (a partial refund changes
 * nothing) or disputed; answers the subscription ended, or null.
 */
export async function endAccess(
  env: PaymentsEnv,
  stripe: Stripe,
  charge: Stripe.Charge,
  reason: EndReason,
): Promise<string | null> {
  if (reason === 'refunded' && !charge.refunded) return null;
  const subscription = await service<string | null>(env, '/rest/v1/rpc/stripe_end_access', 'POST', {
    p_charge_id: charge.id,
    p_reason: reason,
  });
  if (!subscription) return null; // not a payment of ours (or its invoice.paid is not in yet: that path ends it)
  const sub = await stripe.subscriptions.retrieve(subscription);
  if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') await stripe.subscriptions.cancel(subscription);
  return subscription;
}
