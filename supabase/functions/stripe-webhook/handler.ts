/**
 * stripe-webhook: Stripe's events about Bucket's subscriptions; the only place a paid tier is
 * granted or ended. Runtime-neutral: the hosted Edge Function (index.ts) and the local backend
 * run this same file.
 * Invariants:
 *   * The event is verified by the official SDK on the raw body (signature with
 *     STRIPE_WEBHOOK_SECRET, timestamp within 300 s): anything else is 400 and changes nothing.
 *   * State comes from the subscription object retrieved from Stripe now, not from the event's
 *     copy or the order events arrive in; public.stripe_apply_subscription records the event id
 *     and the state in one transaction: a known event id changes nothing, an older retrieval
 *     never overwrites a newer one.
 *   * The fan is the subscription's metadata.fan_id only when the subscription's customer is that
 *     user's stored Stripe customer; the tier is the price's metadata (set by create-checkout).
 *   * A failure before the write answers 500, so Stripe delivers the event again.
 */
import Stripe from 'stripe';
import { json, service, stripeClient, type PaymentsEnv } from '../_shared/payments.ts';
import { Refusal } from '../_shared/request.ts';

export const SIGNATURE_TOLERANCE_S = 300;

interface Applied {
  fan: string | null;
  artist: string | null;
  tier: string | null;
  price: number | null;
  subscription: string | null;
  status: string | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export async function handleStripeWebhook(req: Request, env: PaymentsEnv): Promise<Response> {
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' });
  try {
    const stripe = stripeClient(env);
    if (!env.STRIPE_WEBHOOK_SECRET) throw new Refusal(503, 'payments_unavailable', 'No webhook secret is configured.');
    const raw = await req.text();
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(
        raw,
        req.headers.get('Stripe-Signature') ?? '',
        env.STRIPE_WEBHOOK_SECRET,
        SIGNATURE_TOLERANCE_S,
        Stripe.createSubtleCryptoProvider(),
      );
    } catch (e) {
      throw new Refusal(400, 'invalid_signature', e instanceof Error ? e.message : 'The signature does not verify.');
    }
    const subscriptionId = subscriptionOf(event);
    const retrievedAt = new Date().toISOString();
    const state = subscriptionId ? await stateOf(env, stripe, subscriptionId) : undefined;
    const result = await service<string>(env, '/rest/v1/rpc/stripe_apply_subscription', 'POST', {
      p_event_id: event.id,
      p_event_type: event.type,
      p_fan: state?.fan ?? null,
      p_artist: state?.artist ?? null,
      p_tier: state?.tier ?? null,
      p_price: state?.price ?? null,
      p_subscription_id: state?.fan ? state.subscription : null,
      p_status: state?.status ?? null,
      p_period_end: state?.periodEnd ?? null,
      p_cancel_at_period_end: state?.cancelAtPeriodEnd ?? false,
      p_retrieved_at: retrievedAt,
    });
    return json(200, { received: true, result });
  } catch (e) {
    if (e instanceof Refusal) return json(e.status, { error: e.code, message: e.message });
    throw e;
  }
}

/** The subscription an event is about, if it is one of ours to follow. */
function subscriptionOf(event: Stripe.Event): string | null {
  const o = event.data.object as unknown as Record<string, unknown>;
  const id = (v: unknown): string | null =>
    typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as { id: unknown }).id) : null;
  switch (event.type) {
    case 'checkout.session.completed':
      return o.mode === 'subscription' ? id(o.subscription) : null;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return id(o.id);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parent = o.parent as { subscription_details?: { subscription?: unknown } } | null;
      return id(parent?.subscription_details?.subscription);
    }
    default:
      return null;
  }
}

async function stateOf(env: PaymentsEnv, stripe: Stripe, subscriptionId: string): Promise<Applied> {
  const sub = await stripe.subscriptions.retrieve(subscriptionId);
  const item = sub.items.data[0];
  const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  const fan = sub.metadata.fan_id ?? '';
  const [owner] =
    (await service<{ user_id: string }[]>(
      env,
      `/rest/v1/stripe_customers?select=user_id&customer_id=eq.${encodeURIComponent(customer)}`,
    )) ?? [];
  const level = Number(item?.price.metadata.level);
  const artist = item?.price.metadata.artist_id ?? '';
  // not ours, or not consistent: recorded, nothing granted
  if (!item || !owner || owner.user_id !== fan || !artist || ![1, 2, 3].includes(level)) {
    return {
      fan: null,
      artist: null,
      tier: null,
      price: null,
      subscription: null,
      status: null,
      periodEnd: null,
      cancelAtPeriodEnd: false,
    };
  }
  return {
    fan,
    artist,
    tier: `tier${level}`,
    price: Math.round((item.price.unit_amount ?? 0) / 100),
    subscription: sub.id,
    status: sub.status,
    periodEnd: new Date(item.current_period_end * 1000).toISOString(),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}
