/**
 * billing-portal: 'Manage subscription' — a Stripe Customer Portal session for the signed-in
 * user's own Stripe customer (cancel, card, invoices). Runtime-neutral like the other functions.
 * Invariants: only the caller's stored customer is used; a user who never paid gets 404.
 */
import { readJson, Refusal } from '../_shared/request.ts';
import { CORS, customerOf, json, signedInUser, stripeClient, type PaymentsEnv } from '../_shared/payments.ts';

export async function handleBillingPortal(req: Request, env: PaymentsEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' });
  try {
    const user = await signedInUser(req, env);
    const body = await readJson(req);
    const returnUrl =
      typeof body.return_url === 'string' && /^https?:\/\//.test(body.return_url) ? body.return_url : '';
    if (!returnUrl) throw new Refusal(400, 'invalid_request', 'Give return_url (http or https).');
    const stripe = stripeClient(env);
    const customer = await customerOf(env, stripe, user, false);
    if (!customer) throw new Refusal(404, 'no_customer', 'You have no subscription to manage yet.');
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
    return json(200, { url: session.url });
  } catch (e) {
    if (e instanceof Refusal) return json(e.status, { error: e.code, message: e.message });
    throw e;
  }
}
