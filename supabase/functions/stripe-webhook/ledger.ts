/**
 * The payments ledger behind artists' earnings (20261129030000_artist_earnings.sql): a paid
 * invoice of one of our subscriptions is recorded with Stripe's fee as Stripe reports it (the
 * charge's balance transaction); a refund raises the charge's refunded amount. Both read the
 * objects from Stripe now, not the event's copy, and both are idempotent (keyed by the charge).
 */
import type Stripe from 'stripe';
import { service, type PaymentsEnv } from '../_shared/payments.ts';

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as { id: unknown }).id) : null;

/** Records the invoice's charge for the fan's subscription to the artist at `level`. */
export async function recordPaidInvoice(
  env: PaymentsEnv,
  stripe: Stripe,
  invoiceId: string,
  owner: { fan: string; artist: string; tier: string; subscription: string },
): Promise<Stripe.Charge | null> {
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  const payment = invoice.payments?.data.find((p) => p.payment.type === 'charge');
  const chargeId = idOf(payment?.payment.charge);
  if (invoice.status !== 'paid' || !chargeId) return null;
  const charge = await stripe.charges.retrieve(chargeId, { expand: ['balance_transaction'] });
  const balance = charge.balance_transaction as Stripe.BalanceTransaction | null;
  await service<string>(env, '/rest/v1/rpc/stripe_record_payment', 'POST', {
    p_charge_id: charge.id,
    p_invoice_id: invoice.id,
    p_subscription_id: owner.subscription,
    p_fan: owner.fan,
    p_artist: owner.artist,
    p_level: Number(owner.tier.replace('tier', '')),
    p_amount: charge.amount,
    p_fee: balance && typeof balance === 'object' ? balance.fee : 0,
    p_currency: charge.currency,
    p_paid_at: new Date(charge.created * 1000).toISOString(),
  });
  return charge;
}

/** Raises the recorded refund of a charge to what Stripe says now; answers the charge. */
export async function recordRefund(env: PaymentsEnv, stripe: Stripe, chargeId: string): Promise<Stripe.Charge> {
  const charge = await stripe.charges.retrieve(chargeId);
  await service<string>(env, '/rest/v1/rpc/stripe_record_refund', 'POST', {
    p_charge_id: charge.id,
    p_amount_refunded: charge.amount_refunded,
  });
  return charge;
}
