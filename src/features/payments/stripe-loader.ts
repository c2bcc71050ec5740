/**
 * Loads Stripe.js on demand.
 * Invariants: the script is requested only when a payment action asks for it; a missing key or a
 * blocked/failed script never throws — callers get `null` and the app carries on without payments.
 */
import type { Stripe } from '@stripe/stripe-js';

export const MISSING_KEY_WARNING = 'Stripe publishable key not found. Payment features will be disabled.';

/** Hints logged when Stripe.js fails to load (ad blocker, network, missing key). */
export const LOAD_FAILURE_HINTS = [
  'An ad blocker or privacy extension may be blocking js.stripe.com.',
  'The network may be offline or unable to reach Stripe.',
  'The publishable key (VITE_STRIPE_PUBLISHABLE_KEY) may be missing or invalid.',
] as const;

/**
 * Loads Stripe for `publishableKey`. Resolves `null` (and logs) when the key is missing or the
 * script cannot load; never rejects.
 */
export async function loadStripeClient(publishableKey: string | null | undefined): Promise<Stripe | null> {
  const key = publishableKey?.trim();
  if (!key) {
    console.warn(MISSING_KEY_WARNING);
    return null;
  }
  try {
    // Dynamic import: the Stripe loader module (and its script injection) stays out of the bundle
    // until a payment action needs it.
    const { loadStripe } = await import('@stripe/stripe-js');
    return await loadStripe(key);
  } catch (error) {
    console.error('Failed to load Stripe.js. Payment features will be disabled.', {
      error,
      hints: LOAD_FAILURE_HINTS,
    });
    return null;
  }
}
