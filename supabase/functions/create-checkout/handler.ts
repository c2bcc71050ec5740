/**
 * create-checkout: a signed-in fan asks to pay an artist's tier; answers the Stripe Checkout URL
 * (subscription mode). Runtime-neutral: the hosted Edge Function (index.ts) and the local backend
 * run this same file.
 * Invariants:
 *   * The price is the database's (artist_tiers), never the client's: the body names only the
 *     artist and the level. The Stripe Price is made once per (tier, price) and its id stored.
 *   * One Stripe customer per user (stripe_customers, idempotency key per user).
 *   * Nothing is granted here: the tier comes only from stripe-webhook.
 *   * A fan already paying this artist is refused (409; change-tier changes a tier), never charged twice.
 */
import { readJson, Refusal } from '../_shared/request.ts';
import { priceOf, tierOf, tierTarget } from '../_shared/tier-price.ts';
import { CORS, customerOf, json, service, signedInUser, stripeClient, type PaymentsEnv } from '../_shared/payments.ts';

export async function handleCreateCheckout(req: Request, env: PaymentsEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' });
  try {
    const user = await signedInUser(req, env);
    const body = await readJson(req);
    const { artistId, level } = tierTarget(body);
    const returnUrl =
      typeof body.return_url === 'string' && /^https?:\/\//.test(body.return_url) ? body.return_url : '';
    if (!artistId || !level || !returnUrl)
      throw new Refusal(400, 'invalid_request', 'Give artist_id (uuid), level (1-3) and return_url (http or https).');
    if (artistId === user.id) throw new Refusal(400, 'own_tier', 'You cannot subscribe to your own tiers.');
    const stripe = stripeClient(env);
    const tier = await tierOf(env, artistId, level);
    const [current] =
      (await service<{ stripe_status: string | null; tier: string }[]>(
        env,
        `/rest/v1/subscriptions?select=stripe_status,tier&fan_id=eq.${user.id}&artist_id=eq.${artistId}`,
      )) ?? [];
    if (current && ['active', 'trialing', 'past_due'].includes(current.stripe_status ?? ''))
      throw new Refusal(
        409,
        'already_subscribed',
        'You already pay this artist: change your tier from its Upgrade or Switch button, or use Manage subscription.',
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
