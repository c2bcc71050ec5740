/**
 * The subset of Stripe's /v1 API the Edge Functions use, in Stripe's request and response shapes:
 * products, prices, customers, Checkout Sessions (subscription mode), subscriptions, Billing
 * Portal sessions, refunds and test clocks. Anything else answers a Stripe-shaped error that
 * names the local edge (errors.ts), never a made-up success.
 */
import { Billing } from './billing';
import { notImplemented, StripeFail } from './errors';
import { metadataOf, str, type Form, type FormValue } from './form';
import type { Kind, Obj, StripeStore } from './store';

export interface ApiContext {
  store: StripeStore;
  billing: Billing;
  /** the edge's own base URL (hosted pages) */
  baseUrl: () => string;
}

type Route = { method: string; pattern: RegExp; run: (c: ApiContext, form: Form, id: string) => Obj };

const bool = (v: FormValue | undefined): boolean | undefined => (v === undefined ? undefined : v === 'true');
const int = (form: Form, name: string, required = false): number | undefined => {
  const v = str(form, name, required);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new StripeFail(400, `Invalid integer: ${v}`, 'parameter_invalid_integer', name);
  return Number(v);
};

function checkoutSession(c: ApiContext, form: Form): Obj {
  if (str(form, 'mode', true) !== 'subscription') throw notImplemented(`Checkout mode '${String(form.mode)}'`);
  const items = form.line_items;
  if (!Array.isArray(items) || items.length !== 1)
    throw notImplemented('A Checkout Session with other than one line item');
  const item = items[0] as Form;
  const price = c.store.get('price', str(item, 'price', true)!);
  if (!price.recurring)
    throw new StripeFail(
      400,
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'parameter_invalid',
      'line_items',
    );
  const customer = c.store.get('customer', str(form, 'customer', true)!);
  const success = str(form, 'success_url', true)!;
  const sub = (form.subscription_data ?? {}) as Form;
  const now = c.billing.now(customer.id);
  const session = c.store.create('checkout.session', {
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    customer: customer.id,
    customer_email: customer.email ?? null,
    client_reference_id: str(form, 'client_reference_id') ?? null,
    success_url: success,
    cancel_url: str(form, 'cancel_url') ?? null,
    metadata: metadataOf(form),
    subscription_data: { metadata: metadataOf(sub) },
    subscription: null,
    created: now,
    expires_at: now + 24 * 3600,
    currency: price.currency,
    amount_total: price.unit_amount,
    line_items: [{ price: price.id, quantity: int(item, 'quantity') ?? 1 }],
  });
  return c.store.update(session, { url: `${c.baseUrl()}/c/pay/${session.id}` });
}

const ROUTES: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/products$/,
    run: (c, f) =>
      c.store.create('product', {
        name: str(f, 'name', true),
        active: true,
        metadata: metadataOf(f),
        created: c.billing.now(),
      }),
  },
  { method: 'GET', pattern: /^\/v1\/products\/([^/]+)$/, run: (c, _f, id) => c.store.get('product', id) },
  {
    method: 'POST',
    pattern: /^\/v1\/prices$/,
    run: (c, f) => {
      const product = c.store.get('product', str(f, 'product', true)!);
      const recurring = f.recurring as Form | undefined;
      if (!recurring || str(recurring, 'interval') !== 'month')
        throw notImplemented('A price other than monthly recurring');
      if (str(f, 'currency', true) !== 'usd') throw notImplemented('A currency other than usd');
      return c.store.create('price', {
        product: product.id,
        unit_amount: int(f, 'unit_amount', true),
        currency: 'usd',
        type: 'recurring',
        recurring: { interval: 'month', interval_count: 1 },
        active: true,
        metadata: metadataOf(f),
        created: c.billing.now(),
      });
    },
  },
  { method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, run: (c, _f, id) => c.store.get('price', id) },
  {
    method: 'POST',
    pattern: /^\/v1\/customers$/,
    run: (c, f) => {
      const clock = str(f, 'test_clock');
      if (clock) c.store.get('test_helpers.test_clock', clock);
      return c.store.create('customer', {
        email: str(f, 'email') ?? null,
        name: str(f, 'name') ?? null,
        metadata: metadataOf(f),
        test_clock: clock ?? null,
        created: c.billing.now(),
      });
    },
  },
  { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, run: (c, _f, id) => c.store.get('customer', id) },
  { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, run: (c, f) => checkoutSession(c, f) },
  {
    method: 'GET',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    run: (c, _f, id) => c.store.get('checkout.session', id),
  },
  { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, run: (c, _f, id) => c.store.get('subscription', id) },
  {
    method: 'POST',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    run: (c, f, id) => {
      const sub = c.store.get('subscription', id);
      const {
        cancel_at_period_end: cancelField,
        items,
        proration_behavior: proration,
        payment_behavior: payment,
        ...rest
      } = f;
      if (Object.keys(rest).length) throw notImplemented(`Updating a subscription's ${Object.keys(rest).join(', ')}`);
      if (items !== undefined) {
        // a plan change: one item, a new price, invoiced now and refused if the card is declined
        const list = Array.isArray(items) ? (items as Form[]) : [];
        if (list.length !== 1) throw notImplemented('A subscription update with other than one item');
        if (str(f, 'proration_behavior') !== 'always_invoice' || str(f, 'payment_behavior') !== 'error_if_incomplete')
          throw notImplemented(
            `A price change with proration_behavior=${String(proration)} and payment_behavior=${String(payment)} (only always_invoice with error_if_incomplete)`,
          );
        const price = c.store.get('price', str(list[0]!, 'price', true)!);
        c.billing.changePrice(sub, str(list[0]!, 'id', true)!, price);
      } else if (proration !== undefined || payment !== undefined)
        throw notImplemented('proration_behavior or payment_behavior without items');
      const cancel = bool(cancelField);
      return cancel === undefined ? sub : c.billing.setCancelAtPeriodEnd(sub, cancel);
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    run: (c, _f, id) => c.billing.cancelNow(c.store.get('subscription', id)),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/billing_portal\/sessions$/,
    run: (c, f) => {
      const customer = c.store.get('customer', str(f, 'customer', true)!);
      const session = c.store.create('billing_portal.session', {
        customer: customer.id,
        return_url: str(f, 'return_url') ?? null,
        created: c.billing.now(),
      });
      return c.store.update(session, { url: `${c.baseUrl()}/p/session/${session.id}` });
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/refunds$/,
    run: (c, f) => {
      if (!f.charge) throw notImplemented('A refund by payment_intent (pass charge)');
      const charge = c.store.get('charge', str(f, 'charge', true)!);
      const left = Number(charge.amount) - Number(charge.amount_refunded);
      const amount = int(f, 'amount') ?? left;
      if (amount < 1 || amount > left)
        throw new StripeFail(
          400,
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          'amount_too_large',
          'amount',
        );
      const refund = c.store.create('refund', {
        amount,
        charge: charge.id,
        currency: charge.currency,
        status: 'succeeded',
        created: c.billing.now(String(charge.customer)),
        metadata: metadataOf(f),
      });
      c.store.update(charge, {
        amount_refunded: Number(charge.amount_refunded) + amount,
        refunded: Number(charge.amount_refunded) + amount === charge.amount,
      });
      c.billing.emitRefund(charge);
      return refund;
    },
  },
  { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, run: (c, _f, id) => c.store.get('charge', id) },
  { method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, run: (c, _f, id) => c.store.get('invoice', id) },
  {
    method: 'POST',
    pattern: /^\/v1\/test_helpers\/test_clocks$/,
    run: (c, f) =>
      c.store.create('test_helpers.test_clock', {
        frozen_time: int(f, 'frozen_time', true),
        name: str(f, 'name') ?? null,
        status: 'ready',
        created: Math.floor(Date.now() / 1000),
      }),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/,
    run: (c, _f, id) => c.store.get('test_helpers.test_clock', id),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)\/advance$/,
    run: (c, f, id) => {
      const clock = c.store.get('test_helpers.test_clock', id);
      const to = int(f, 'frozen_time', true)!;
      if (to <= Number(clock.frozen_time))
        throw new StripeFail(
          400,
          'The frozen_time must be after the current frozen_time of the test clock.',
          'parameter_invalid',
          'frozen_time',
        );
      c.store.update(clock, { frozen_time: to });
      c.billing.advance(id); // Stripe advances asynchronously; here the events are queued before the answer
      return clock;
    },
  },
];

/** The expansions the functions ask for, by the kind of object answered (others: not implemented). */
const EXPANDABLE: Record<string, Record<string, Kind | null>> = {
  charge: { balance_transaction: 'balance_transaction' },
  invoice: { payments: null }, // always included here (Stripe includes it only when asked)
};

export function route(c: ApiContext, method: string, path: string, form: Form): Obj {
  const expand = form.expand === undefined ? [] : Array.isArray(form.expand) ? form.expand : [form.expand];
  for (const r of ROUTES) {
    const m = r.method === method ? r.pattern.exec(path) : null;
    if (!m) continue;
    const answer = r.run(c, form, decodeURIComponent(m[1] ?? ''));
    if (expand.length === 0) return answer;
    const copy: Obj = { ...answer };
    for (const field of expand) {
      const name = String(field);
      const allowed = EXPANDABLE[answer.object];
      if (!allowed || !(name in allowed)) throw notImplemented(`expand[]=${name} on a ${answer.object}`);
      const kind = allowed[name];
      if (kind && typeof copy[name] === 'string') copy[name] = c.store.get(kind, copy[name] as string);
    }
    return copy;
  }
  throw new StripeFail(
    404,
    `Unrecognized request URL (${method}: ${path}). This local Stripe edge implements only what Bucket's functions use (supabase/local/stripe/README.md).`,
  );
}
