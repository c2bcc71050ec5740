/**
 * Paying, through the create-checkout and billing-portal Edge Functions: the server makes the
 * Stripe Checkout (or Customer Portal) session from the database's price and the signed-in user,
 * and the browser goes there. Offline nothing is sent and nothing is queued: a payment is never
 * replayed later.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { loadSupabase } from '@/lib/load-supabase';

export const OFFLINE_PAYMENT = 'Paying needs a connection. Nothing was charged: try again when you are online.';

function returnUrl(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('checkout');
  return url.toString();
}

async function sessionUrl(fn: 'create-checkout' | 'billing-portal', body: Record<string, unknown>): Promise<string> {
  if (!navigator.onLine) throw new Error(OFFLINE_PAYMENT);
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<{ url?: string }>(fn, {
    body: { ...body, return_url: returnUrl() },
  });
  if (error instanceof FunctionsHttpError) {
    const payload = (await (error.context as Response).json().catch(() => null)) as { message?: string } | null;
    throw new Error(payload?.message ?? 'Payments are unavailable right now. Try again later.');
  }
  if (error || !data?.url) throw new Error(navigator.onLine ? 'Payments did not answer. Try again.' : OFFLINE_PAYMENT);
  return data.url;
}

/** Opens Stripe Checkout for the artist's tier; the tier arrives by sync once Stripe confirms. */
export async function startCheckout(artistId: string, level: number): Promise<void> {
  window.location.assign(await sessionUrl('create-checkout', { artist_id: artistId, level }));
}

/**
 * A paying fan moves to another of the artist's tiers: Stripe prorates and invoices the difference
 * now (a downgrade's unused time is credit); the new tier arrives by sync once Stripe confirms.
 */
export async function changeTier(artistId: string, level: number): Promise<void> {
  if (!navigator.onLine) throw new Error(OFFLINE_PAYMENT);
  const supabase = await loadSupabase();
  const { error } = await supabase.functions.invoke('change-tier', { body: { artist_id: artistId, level } });
  if (error instanceof FunctionsHttpError) {
    const payload = (await (error.context as Response).json().catch(() => null)) as { message?: string } | null;
    throw new Error(payload?.message ?? 'Payments are unavailable right now. Try again later.');
  }
  if (error) throw new Error(navigator.onLine ? 'Payments did not answer. Try again.' : OFFLINE_PAYMENT);
}

/** 'Manage subscription': the Stripe Customer Portal (cancel, card, invoices). */
export async function openBillingPortal(): Promise<void> {
  window.location.assign(await sessionUrl('billing-portal', {}));
}
