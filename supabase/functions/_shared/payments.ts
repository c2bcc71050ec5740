/**
 * What the payment functions (create-checkout, stripe-webhook, billing-portal) share: their env,
 * the official Stripe SDK client (pointed at api.stripe.com, or wherever STRIPE_API_URL says —
 * the local Stripe edge on a machine without a Stripe account), the signed-in caller, and the
 * service-role REST calls. Runtime-neutral (Deno, Node): Web APIs and the `stripe` package only.
 */
import Stripe from 'stripe';
import { jwtClaims, Refusal } from './request.ts';
import { serviceHeaders, type FunctionEnv } from './service.ts';

export interface PaymentsEnv extends FunctionEnv {
  /** sk_test_… / sk_live_…; empty = payments are off (the functions answer 503) */
  STRIPE_SECRET_KEY?: string;
  /** whsec_… of the webhook endpoint (Dashboard, or `stripe listen`) */
  STRIPE_WEBHOOK_SECRET?: string;
  /** optional: Stripe's API at another address (e.g. http://127.0.0.1:12111, the local edge) */
  STRIPE_API_URL?: string;
}

export const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...CORS, 'Content-Type': 'application/json' } });

export const PAYMENTS_OFF = "Payments aren't available right now";

export function stripeClient(env: PaymentsEnv): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Refusal(503, 'payments_unavailable', PAYMENTS_OFF);
  const config: Stripe.StripeConfig = { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2 };
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    config.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(env.STRIPE_SECRET_KEY, config);
}

/** The signed-in user of the bearer token as Auth reports it; app tokens are refused. */
export async function signedInUser(req: Request, env: PaymentsEnv): Promise<{ id: string; email: string | null }> {
  const token = /^Bearer (\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (!token || token === env.SUPABASE_ANON_KEY) throw new Refusal(401, 'unauthorized', 'Sign in to pay.');
  if (jwtClaims(token).client_id !== undefined)
    throw new Refusal(403, 'app_token', 'A third-party app token cannot pay.');
  const res = await fetch(`${env.SUPABASE_URL}/auth/v1/user`, {
    headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` },
  });
  const user = res.ok ? ((await res.json()) as { id?: string; email?: string }) : {};
  if (!user.id) throw new Refusal(401, 'unauthorized', 'Sign in to pay.');
  return { id: user.id, email: user.email ?? null };
}

/** A service-role REST call; `conflictOk` answers null on 409 instead of throwing. */
export async function service<T>(
  env: PaymentsEnv,
  path: string,
  method = 'GET',
  body?: unknown,
  conflictOk = false,
): Promise<T | null> {
  const res = await fetch(`${env.SUPABASE_URL}${path}`, {
    method,
    headers: { ...serviceHeaders(env), Prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (conflictOk && res.status === 409) return null;
  if (!res.ok) throw new Error(`${method} ${path.split('?')[0]}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one Stripe customer of a user: the stored one, or a new one (idempotent per user). */
export async function customerOf(
  env: PaymentsEnv,
  stripe: Stripe,
  user: { id: string; email: string | null },
  create: boolean,
): Promise<string | null> {
  const read = async () =>
    (
      await service<{ customer_id: string }[]>(
        env,
        `/rest/v1/stripe_customers?select=customer_id&user_id=eq.${user.id}`,
      )
    )?.[0]?.customer_id ?? null;
  const known = await read();
  if (known || !create) return known;
  const customer = await stripe.customers.create(
    { email: user.email ?? undefined, metadata: { user_id: user.id } },
    { idempotencyKey: `bucket-customer-${user.id}` },
  );
  // two first checkouts at once: the first row wins, the other request reads it
  await service(env, '/rest/v1/stripe_customers', 'POST', { user_id: user.id, customer_id: customer.id }, true);
  return read();
}
