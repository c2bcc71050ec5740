/**
 * Invoices of the local Stripe edge's subscriptions: one invoice per period, plan change or first
 * payment, with the charge, Stripe's card fee on a balance transaction, and the dispute test
 * card's dispute. Invariants: the customer's credit (a negative balance) is used first and a
 * negative amount adds to it, as Stripe does; an invoice paid from credit has no charge; every
 * object is stored before its event is emitted; `invoice.payment_failed` leaves the invoice open.
 */
import type { Obj, StripeStore } from './store';

export type Emit = (type: string, object: Obj, previous?: Record<string, unknown>) => void;

export interface InvoiceRequest {
  sub: Obj;
  /** Stripe's billing_reason (subscription_create, subscription_cycle, subscription_update) */
  reason: string;
  /** whether the card pays (a renewal on 4000 0000 0000 0341 does not) */
  paid: boolean;
  /** the invoice's time: the customer's clock */
  created: number;
  /** a proration's total, instead of the price's amount */
  prorated?: number;
}

/**
 * One invoice of the subscription for `prorated` (a proration), else the price; true when it is
 * paid. The customer's credit (a negative balance) is used first, as Stripe does; a negative
 * amount adds to it.
 */
export function invoiceSubscription(
  store: StripeStore,
  emit: Emit,
  { sub, reason, paid, created, prorated }: InvoiceRequest,
): boolean {
  const customer = String(sub.customer);
  const item = (sub.items as { data: { price: Obj; current_period_start: number; current_period_end: number }[] })
    .data[0]!;
  const total = prorated ?? Number(item.price.unit_amount);
  const holder = store.get('customer', customer);
  const startingBalance = Number(holder.balance ?? 0);
  const endingBalance = Math.min(0, startingBalance + total);
  const amount = Math.max(0, startingBalance + total);
  store.update(holder, { balance: endingBalance });
  const invoice = store.create('invoice', {
    customer,
    status: paid || amount === 0 ? 'paid' : 'open',
    billing_reason: reason,
    currency: item.price.currency,
    created,
    total,
    starting_balance: startingBalance,
    ending_balance: endingBalance,
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          object: 'line_item',
          amount: total,
          pricing: { price_details: { price: item.price.id } },
          period: { start: item.current_period_start, end: item.current_period_end },
        },
      ],
    },
  });
  store.update(sub, { latest_invoice: invoice.id });
  if (!paid && amount > 0) {
    emit('invoice.payment_failed', invoice);
    return false;
  }
  if (amount === 0) {
    // paid from credit: no charge, nothing for the ledger (Stripe sends invoice.paid all the same)
    store.update(invoice, { payments: { object: 'list', data: [] } });
    emit('invoice.paid', invoice);
    return true;
  }
  // Stripe's US card fee: 2.9 % + 30 cents, reported on the charge's balance transaction
  const fee = Math.round(amount * 0.029) + 30;
  const balance = store.create('balance_transaction', {
    amount,
    fee,
    net: amount - fee,
    currency: item.price.currency,
    type: 'charge',
    created,
  });
  const charge = store.create('charge', {
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    refunded: false,
    disputed: false,
    paid: true,
    status: 'succeeded',
    currency: item.price.currency,
    customer,
    created,
    payment_method: sub.default_payment_method,
    balance_transaction: balance.id, // an id, as Stripe sends it unless expanded
    metadata: { invoice: invoice.id, subscription: sub.id },
  });
  store.update(invoice, {
    payments: {
      object: 'list',
      data: [{ object: 'invoice_payment', payment: { type: 'charge', charge: charge.id } }],
    },
  });
  emit('invoice.paid', invoice);
  const pm = store.get('payment_method', String(sub.default_payment_method));
  if ((pm.card as { last4: string }).last4 === '0259' && reason === 'subscription_create') {
    const dispute = store.create('dispute', {
      amount,
      charge: charge.id,
      currency: charge.currency,
      reason: 'fraudulent',
      status: 'needs_response',
      created,
      is_charge_refundable: false,
      metadata: {},
    });
    store.update(charge, { disputed: true });
    emit('charge.dispute.created', dispute);
  }
  return true;
}
