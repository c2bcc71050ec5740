/**
 * change-tier: a fan who pays an artist moves to another of that artist's tiers (upgrade or
 * downgrade). Runtime-neutral: the hosted Edge Function (index.ts) and the local backend run this
 * same file.
 * Invariants:
 *   * The new price is the database's (artist_tiers); the subscription is the caller's own: the
 *     stored row's Stripe subscription, whose customer must be the caller's Stripe customer.
 *   * Stripe prorates to the second and invoices the difference now (proration_behavior
 *     always_invoice); a declined card changes nothing (payment_behavior error_if_incomplete);
 *     a downgrade's unused time becomes credit for the next invoice, as Stripe does it.
 *   * Nothing is granted here: the new tier comes only from stripe-webhook (the price's level).
 */
import Stripe from 'stripe';
import { readJson, Refusal } from '../_shared/request.ts';
import { CORS, customerOf, json, service, signedInUser, stripeClient, type PaymentsEnv } from '../_shared/payments.ts';
import { priceOf, tierOf, tierTarget } from '../_shared/tier-price.ts';

export async function handleChangeTier(req: Request, env: PaymentsEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' });
  try {
    const user = await signedInUser(req, env);
    const body = await readJson(req);
    const { artistId, level } = tierTarget(body);
    if (!artistId || !level) throw new Refusal(400, 'invalid_request', 'Give artist_id (uuid) and level (1-3).');
    const [current] =
      (await service<{ stripe_status: string | null; stripe_subscription_id: string | null; tier: string }[]>(
        env,
        `/rest/v1/subscriptions?select=stripe_status,stripe_subscription_id,tier&fan_id=eq.${user.id}&artist_id=eq.${artistId}`,
      )) ?? [];
    if (!current?.stripe_subscription_id || !['active', 'trialing'].includes(current.stripe_status ?? ''))
      throw new Refusal(
        409,
        current?.stripe_status === 'past_due' ? 'past_due' : 'not_subscribed',
        current?.stripe_status === 'past_due'
          ? 'Your last payment to this artist failed: update your card in Manage subscription first.'
          : 'You do not pay this artist yet: choose a tier to subscribe.',
      );
    if (current.tier === `tier${level}`) throw new Refusal(409, 'same_tier', `You are already on Tier ${level}.`);
    const tier = await tierOf(env, artistId, level);
    const stripe = stripeClient(env);
    const customer = await customerOf(env, stripe, user, false);
    const sub = await stripe.subscriptions.retrieve(current.stripe_subscription_id);
    const owner = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
    const item = sub.items.data[0];
    if (!customer || owner !== customer || !item || item.price.metadata.artist_id !== artistId)
      throw new Refusal(409, 'not_subscribed', 'You do not pay this artist yet: choose a tier to subscribe.');
    const price = await priceOf(env, stripe, tier);
    try {
      await stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, price }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      });
    } catch (e) {
      // the card's own message (declined, expired…), nothing changed at Stripe
      if (e instanceof Stripe.errors.StripeCardError) throw new Refusal(402, 'card_declined', e.message);
      throw e;
    }
    return json(200, { level, status: 'requested' });
  } catch (e) {
    if (e instanceof Refusal) return json(e.status, { error: e.code, message: e.message });
    throw e;
  }
}
