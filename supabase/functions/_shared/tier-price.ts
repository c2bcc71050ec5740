/**
 * An artist's tier as the database prices it, and its Stripe Price (create-checkout, change-tier).
 * Invariant: the price is the database's (artist_tiers), never the client's; the Stripe Price is
 * made once per (tier, price) and its id stored, unless the artist changed the price meanwhile.
 */
import type Stripe from 'stripe';
import { Refusal } from './request.ts';
import { service, UUID, type PaymentsEnv } from './payments.ts';

export interface TierRow {
  id: string;
  artist_id: string;
  level: number;
  name: string;
  price: number;
  stripe_product_id: string | null;
  stripe_price_id: string | null;
  updated_at: string;
}

/** The artist and tier level a request body names ('' and 0 when absent or malformed). */
export function tierTarget(body: Record<string, unknown>): { artistId: string; level: number } {
  const artistId = typeof body.artist_id === 'string' && UUID.test(body.artist_id) ? body.artist_id : '';
  const level = body.level === 1 || body.level === 2 || body.level === 3 ? body.level : 0;
  return { artistId, level };
}

/** The artist's tier at `level`, or a 404 refusal the fan can read. */
export async function tierOf(env: PaymentsEnv, artistId: string, level: number): Promise<TierRow> {
  const [tier] =
    (await service<TierRow[]>(
      env,
      `/rest/v1/artist_tiers?select=*&id=eq.${encodeURIComponent(`${artistId}|${level}`)}`,
    )) ?? [];
  if (!tier) throw new Refusal(404, 'no_tier', `This artist has no Tier ${level} yet.`);
  return tier;
}

/** The tier's Stripe Price at its current price, made (with its Product) when missing. */
export async function priceOf(env: PaymentsEnv, stripe: Stripe, tier: TierRow): Promise<string> {
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
