/**
 * The app's one Stripe instance: memoised per key so every 'Join' button shares one script load.
 * Availability state is a tiny external store so React can subscribe without a provider.
 */
import type { Stripe } from '@stripe/stripe-js';
import { env } from '@/lib/env';
import { loadStripeClient } from './stripe-loader';

/**
 * Shown next to disabled payment buttons when no publishable key is configured: what the user can
 * do. Developers get the spec's console warning (stripe-loader.ts) and the README, not the user.
 */
export const PAYMENTS_DISABLED_REASON = "Payments aren't available right now — you can still join the free tier.";

/** Shown when a key exists but Stripe.js could not load (blocked, offline). */
export const PAYMENTS_UNAVAILABLE_REASON =
  'Payments are unavailable right now: Stripe could not be loaded (ad blocker or no network). Try again later.';

export type PaymentsStatus = 'unconfigured' | 'idle' | 'loading' | 'ready' | 'failed';

let status: PaymentsStatus = env.stripePublishableKey ? 'idle' : 'unconfigured';
let pending: Promise<Stripe | null> | null = null;
const listeners = new Set<() => void>();

function setStatus(next: PaymentsStatus) {
  status = next;
  listeners.forEach((listener) => listener());
}

/** True when a publishable key is configured; payment buttons are disabled otherwise. */
export function isPaymentsConfigured(): boolean {
  return Boolean(env.stripePublishableKey);
}

/**
 * Loads Stripe.js the first time a payment action needs it. Resolves `null` when payments are
 * unavailable (missing key, blocked script); a failed load may be retried by calling again.
 */
export function getStripe(): Promise<Stripe | null> {
  if (pending) return pending;
  if (status !== 'unconfigured') setStatus('loading');
  const attempt = loadStripeClient(env.stripePublishableKey).then((stripe) => {
    if (status !== 'unconfigured') setStatus(stripe ? 'ready' : 'failed');
    if (!stripe) pending = null;
    return stripe;
  });
  pending = attempt;
  return attempt;
}

export function getPaymentsStatus(): PaymentsStatus {
  return status;
}

export function subscribePaymentsStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
