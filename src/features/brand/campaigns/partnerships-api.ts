/**
 * The brand's top artist partnerships from its own collaborations (brand_artist_partnerships,
 * 20261129600000): one row per artist its campaigns are delivered through. Reach is null under
 * SUPPRESSED_UNDER fans and revenue under SUPPRESSED_UNDER redemptions (the server's
 * private.min_group_size()) — the server decides; nothing is estimated here.
 */
import { useServerQuery } from '@/data/use-server-query';

export interface Partnership {
  artist_id: string;
  artist_name: string;
  genre: string | null;
  campaigns: number;
  /** Distinct fans who claimed codes of these campaigns; null under SUPPRESSED_UNDER. */
  reach: number | null;
  /** The collaboration ledger's total for this artist (what the brand paid them). */
  spend_cents: number;
  redemptions: number | null;
  /** Sum of the amounts the brand reported for these campaigns' redeemed codes; null under SUPPRESSED_UNDER redemptions. */
  revenue_cents: number | null;
  /** revenue / spend; null when either is unknown or nothing was spent. */
  roi: number | null;
}

export function useBrandPartnerships(key = '') {
  return useServerQuery(async (client) => {
    const { data, error } = await client.rpc('brand_artist_partnerships');
    if (error) throw new Error(error.message);
    return ((data ?? []) as Partnership[]).map((p) => ({
      ...p,
      spend_cents: Number(p.spend_cents),
      revenue_cents: p.revenue_cents === null ? null : Number(p.revenue_cents),
      roi: p.roi === null ? null : Number(p.roi),
    }));
  }, `brand-partnerships${key}`);
}
