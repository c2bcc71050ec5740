/**
 * create-checkout: a signed-in fan asks to pay an artist's tier; answers the Stripe Checkout URL
 * (subscription mode). Runtime-neutral: the hosted Edge Function (index.ts) and the local backend
 * run this same file.
 * Invariants:
 *   * The price is the database's (artist_tiers), never the client's: the body names only the
 *     artist and the level. The Stripe Price is made once per (tier, price) and its id stored.
 *   * One Stripe customer per user (stripe_customers, idempotency key per user).
 *   * Nothing is granted here: the tier comes only from stripe-webhook.
 *   * A fan already paying this artist is sent to Manage subscription (409), never charged twice.
 */
import type Stripe from 'stripe';
import { readJson, Refusal } from '../_shared/request.ts';
import {
  CORS,
  customerOf,
  json,
  service,
  signedInUser,
  stripeClient,
  UUID,
  type PaymentsEnv,
} from '../_shared/payments.ts';

interface TierRow {
  id: string;
  artist_id: string;
  level: number;
  name: string;
  price: number;
  stripe_product_id: string | null;
  stripe_price_id: string | null;
  updated_at: string;
}

export async function handleCreateCheckout(req: Request, env: PaymentsEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' });
  try {
    const user = await signedInUser(req, env);
    const body = await readJson(req);
    const artistId = typeof body.artist_id === 'string' && UUID.test(body.artist_id) ? body.artist_id : '';
    const level = body.level === 1 || body.level === 2 || body.level === 3 ? body.level : 0;
    const returnUrl =
      typeof body.return_url === 'string' && /^https?:\/\//.test(body.return_url) ? body.return_url : '';
    if (!artistId || !level || !returnUrl)
      throw new Refusal(400, 'invalid_request', 'Give artist_id (uuid), level (1-3) and return_url (http or https).');
    if (artistId === user.id) throw new Refusal(400, 'own_tier', 'You cannot subscribe to your own tiers.');
    const stripe = stripeClient(env);
    const [tier] =
      (await service<TierRow[]>(
        env,
        `/rest/v1/artist_tiers?select=*&id=eq.${encodeURIComponent(`${artistId}|${level}`)}`,
      )) ?? [];
    if (!tier) throw new Refusal(404, 'no_tier', `This artist has no Tier ${level} yet.`);
    const [current] =
      (await service<{ stripe_status: string | null; tier: string }[]>(
        env,
        `/rest/v1/subscriptions?select=stripe_status,tier&fan_id=eq.${user.id}&artist_id=eq.${artistId}`,
      )) ?? [];
    if (current && ['active', 'trialing', 'past_due'].includes(current.stripe_status ?? ''))
      throw new Refusal(
        409,
        'already_subscribed',
        'You already pay this artist: use Manage subscription to change your tier.',
      );
    const priceId = await priceOf(env, stripe, tier);
    const customer = await customerOf(env, stripe, user, true);
    const meta = { fan_id: user.id, artist_id: artistId, level: String(level) };
    const back = (outcome: string) => `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}checkout=${outcome}`;
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer!,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: back('success'),
      cancel_url: back('cancelled'),
      client_reference_id: user.id,
      metadata: meta,
      subscription_data: { metadata: meta },
    });
    return json(200, { url: session.url, id: session.id });
  } catch (e) {
    if (e instanceof Refusal) return json(e.status, { error: e.code, message: e.message });
    throw e;
  }
}

/** The tier's Stripe Price at its current price, made (with its Product) when missing. */
async function priceOf(env: PaymentsEnv, stripe: Stripe, tier: TierRow): Promise<string> {
  if (tier.stripe_price_id) return tier.stripe_price_id;
  const [profile] =
    (await service<{ display_name: string | null }[]>(
      env,
      `/rest/v1/profiles?select=display_name&id=eq.${tier.artist_id}`,
    )) ?? [];
  const artistName = profile?.display_name?.trim() || 'Unnamed artist';
  const meta = { artist_id: tier.artist_id, level: String(tier.level) };
  const product =
    tier.stripe_product_id ??
    (
      await stripe.products.create(
        { name: `${artistName} · ${tier.name}`, metadata: meta },
        { idempotencyKey: `bucket-product-${tier.id}` },
      )
    ).id;
  const price = await stripe.prices.create(
    { product, unit_amount: tier.price * 100, currency: 'usd', recurring: { interval: 'month' }, metadata: meta },
    { idempotencyKey: `bucket-price-${tier.id}-${tier.price}-${tier.updated_at}` },
  );
  // stored only if the artist has not changed the price meanwhile (the guard clears it then)
  await service(env, `/rest/v1/artist_tiers?id=eq.${encodeURIComponent(tier.id)}&price=eq.${tier.price}`, 'PATCH', {
    stripe_product_id: product,
    stripe_price_id: price.id,
  });
  return price.id;
}
