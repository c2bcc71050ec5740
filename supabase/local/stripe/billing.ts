/**
 * Subscription billing of the local Stripe edge: a paid Checkout Session starts a subscription,
 * a test clock's advance renews, ends (cancel at period end) or fails (card 4000 0000 0000 0341)
 * its periods, and every change emits the event Stripe would send (an invoice and its charge:
 * invoices.ts).
 * Invariants: time is the customer's test clock when it has one, else the wall clock; a
 * subscription's state changes only here; each change emits its event after the state is stored.
 */
import { StripeFail } from './errors';
import { invoiceSubscription, type Emit } from './invoices';
import type { Obj, StripeStore } from './store';

/** Stripe's documented test cards this edge knows (https://docs.stripe.com/testing). */
export const TEST_CARDS: Record<string, 'ok' | 'declined' | 'fails_later' | 'disputed'> = {
  '4242424242424242': 'ok',
  '4000000000000002': 'declined',
  '4000000000000341': 'fails_later',
  // "Fraudulent: the charge succeeds, only to be disputed as fraudulent" (Stripe's dispute test card)
  '4000000000000259': 'disputed',
};
export const DECLINED = 'Your card was declined.';

const addMonth = (t: number): number => {
  const d = new Date(t * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

export class Billing {
  constructor(
    private readonly store: StripeStore,
    private readonly emit: Emit,
  ) {}

  /** Seconds since the epoch for this customer: their test clock's frozen time, or now. */
  now(customerId?: string): number {
    const customer = customerId ? this.store.get('customer', customerId) : undefined;
    const clock = customer?.test_clock;
    if (typeof clock === 'string') return Number(this.store.get('test_helpers.test_clock', clock).frozen_time);
    return Math.floor(Date.now() / 1000);
  }

  /** The hosted page's submit: a declined card throws Stripe's card error and creates nothing. */
  completeCheckout(
    session: Obj,
    card: { number: string; name: string; email: string; exp_month: number; exp_year: number },
  ): Obj {
    if (session.status !== 'open')
      throw new StripeFail(400, 'This Checkout Session is no longer active.', 'checkout_session_inactive');
    const behaviour = TEST_CARDS[card.number];
    if (!behaviour)
      throw new StripeFail(
        402,
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
        'card_declined',
        undefined,
        'card_error',
      );
    if (behaviour === 'declined') throw new StripeFail(402, DECLINED, 'card_declined', undefined, 'card_error');
    const customerId = String(session.customer);
    const pm = this.store.create('payment_method', {
      type: 'card',
      customer: customerId,
      created: this.now(customerId),
      billing_details: { name: card.name, email: card.email },
      card: {
        brand: 'visa',
        last4: card.number.slice(-4),
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        funding: 'credit',
        country: 'US',
      },
    });
    const line = (session.line_items as { price: string; quantity: number }[])[0]!;
    const price = this.store.get('price', line.price);
    const start = this.now(customerId);
    const subscriptionData = (session.subscription_data ?? {}) as { metadata?: Record<string, string> };
    const sub = this.store.create('subscription', {
      customer: customerId,
      status: 'active',
      created: start,
      start_date: start,
      currency: price.currency,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      collection_method: 'charge_automatically',
      default_payment_method: pm.id,
      metadata: subscriptionData.metadata ?? {},
      latest_invoice: null,
      test_clock: this.store.get('customer', customerId).test_clock ?? null,
    });
    this.store.update(sub, {
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: 'subscription_item',
            subscription: sub.id,
            quantity: line.quantity,
            price,
            current_period_start: start,
            current_period_end: addMonth(start),
            created: start,
            metadata: {},
          },
        ],
      },
    });
    // Checkout's first invoice succeeds for 0341 too: it is the renewal that fails
    this.invoice(sub, 'subscription_create', true);
    this.store.update(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: sub.id,
      payment_method_types: ['card'],
    });
    this.emit('checkout.session.completed', session);
    this.emit('customer.subscription.created', sub);
    return sub;
  }

  /** Sets cancel_at_period_end (the portal's 'Cancel subscription', or the API). */
  setCancelAtPeriodEnd(sub: Obj, cancel: boolean): Obj {
    if (sub.status === 'canceled')
      throw new StripeFail(
        400,
        'A canceled subscription can only update its cancellation_details and metadata.',
        'resource_missing',
      );
    const previous = { cancel_at_period_end: sub.cancel_at_period_end };
    this.store.update(sub, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? periodOf(sub).end : null,
      canceled_at: cancel ? this.now(String(sub.customer)) : null,
    });
    this.emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  /** Ends the subscription now (DELETE /v1/subscriptions/:id, or a refund's policy elsewhere). */
  cancelNow(sub: Obj): Obj {
    if (sub.status === 'canceled')
      throw new StripeFail(400, `No such subscription: '${sub.id}'`, 'resource_missing', 'id');
    const t = this.now(String(sub.customer));
    this.store.update(sub, { status: 'canceled', canceled_at: sub.canceled_at ?? t, ended_at: t });
    this.emit('customer.subscription.deleted', sub);
    return sub;
  }

  /** A test clock moved: every period of its customers' subscriptions that ended is settled. */
  advance(clockId: string): void {
    const customers = new Set(
      this.store
        .all('customer')
        .filter((c) => c.test_clock === clockId)
        .map((c) => c.id),
    );
    for (const sub of this.store.all('subscription').filter((s) => customers.has(String(s.customer)))) {
      const now = this.now(String(sub.customer));
      while (sub.status !== 'canceled' && periodOf(sub).end <= now) {
        if (sub.cancel_at_period_end) {
          this.store.update(sub, { status: 'canceled', ended_at: periodOf(sub).end });
          this.emit('customer.subscription.deleted', sub);
          break;
        }
        const pm = this.store.get('payment_method', String(sub.default_payment_method));
        const paid = (pm.card as { last4: string }).last4 !== '0341';
        const previous = { status: sub.status };
        const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
        item.current_period_start = item.current_period_end;
        item.current_period_end = addMonth(Number(item.current_period_end));
        const settled = this.invoice(sub, 'subscription_cycle', paid);
        // Stripe's retries of a failed renewal are not modelled: past_due until the app's grace ends
        this.store.update(sub, { status: settled ? 'active' : 'past_due' });
        this.emit('customer.subscription.updated', sub, previous);
        if (!settled) break;
      }
    }
  }

  /** charge.refunded, as Stripe sends it after a refund. */
  emitRefund(charge: Obj): void {
    this.emit('charge.refunded', charge);
  }

  /**
   * A plan change (POST /v1/subscriptions/:id with items[0][price], proration_behavior=always_invoice,
   * payment_behavior=error_if_incomplete): Stripe's proration to the second — credit for the unused
   * time on the old price, charge for the rest of the period on the new one, each line rounded — is
   * invoiced now. A positive total is charged to the card (a declined card throws and changes
   * nothing); a negative one becomes customer credit the next invoice uses.
   */
  changePrice(sub: Obj, itemId: string, price: Obj): Obj {
    if (sub.status !== 'active' && sub.status !== 'trialing')
      throw new StripeFail(
        400,
        `This subscription is ${String(sub.status)}: only an active subscription can change its price here.`,
        'subscription_not_active',
      );
    const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
    if (item.id !== itemId)
      throw new StripeFail(400, `No such subscription item: '${itemId}'`, 'resource_missing', 'items[0][id]');
    const old = item.price as Obj;
    if (old.id === price.id) return sub;
    const customer = String(sub.customer);
    const now = this.now(customer);
    const { start, end } = periodOf(sub);
    const left = Math.max(0, end - now) / (end - start);
    const lines = [-Math.round(Number(old.unit_amount) * left), Math.round(Number(price.unit_amount) * left)];
    const total = lines[0]! + lines[1]!;
    const pm = this.store.get('payment_method', String(sub.default_payment_method));
    if (total > 0 && (pm.card as { last4: string }).last4 === '0341')
      throw new StripeFail(402, DECLINED, 'card_declined', undefined, 'card_error');
    const previous = { items: structuredClone(sub.items) };
    item.price = price;
    this.invoice(sub, 'subscription_update', true, total);
    this.emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  /** One invoice of the subscription, dated by the customer's clock (invoices.ts). */
  private invoice(sub: Obj, reason: string, paid: boolean, prorated?: number): boolean {
    return invoiceSubscription(this.store, this.emit, {
      sub,
      reason,
      paid,
      prorated,
      created: this.now(String(sub.customer)),
    });
  }
}

export function periodOf(sub: Obj): { start: number; end: number } {
  const item = (sub.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0]!;
  return { start: item.current_period_start, end: item.current_period_end };
}
