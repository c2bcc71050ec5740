/**
 * Campaign codes delivered through an accepted collaboration, and the earnings ledger both parties
 * see (20261129300000_collab_campaign_delivery.sql). Reads go through RLS (the offer's two parties);
 * the only write is collab_deliver_campaign, so it needs a connection.
 */
import { useServerQuery } from '@/data/use-server-query';
import { loadSupabase } from '@/lib/load-supabase';

export interface DeliveredCampaign {
  campaign_id: string;
  campaign_title: string;
  payout_model: string;
  linked_at: string;
}

export interface EarningEntry {
  id: number;
  campaign_id: string;
  amount_cents: number;
  reason: 'code_claimed' | 'flat_fee' | 'revenue_share';
  created_at: string;
}

export interface LiveCampaign {
  id: string;
  title: string;
  payout_model: string;
  ends_on: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Cents as USD, the way the rest of the app shows money. */
export const money = (cents: number) => usd.format(Number(cents) / 100);

/** The campaigns this collaboration delivers and its latest ledger entries (50), with the total. */
export function useCollabLedger(offerId: string) {
  return useServerQuery(async (client) => {
    const [links, entries, totals] = await Promise.all([
      client
        .from('collab_campaigns')
        .select('campaign_id, campaign_title, payout_model, linked_at')
        .eq('offer_id', offerId)
        .order('linked_at'),
      client
        .from('collab_earnings')
        .select('id, campaign_id, amount_cents, reason, created_at')
        .eq('offer_id', offerId)
        .order('created_at', { ascending: false })
        .limit(50),
      client.rpc('my_collab_earnings'),
    ]);
    const error = links.error ?? entries.error ?? totals.error;
    if (error) throw new Error(error.message);
    const mine = ((totals.data ?? []) as { offer_id: string; total_cents: number; code_claims: number }[]).find(
      (t) => t.offer_id === offerId,
    );
    return {
      campaigns: (links.data ?? []) as DeliveredCampaign[],
      entries: (entries.data ?? []) as EarningEntry[],
      totalCents: Number(mine?.total_cents ?? 0),
      codeClaims: Number(mine?.code_claims ?? 0),
    };
  }, `collab-ledger-${offerId}`);
}

/** The brand's campaigns that have not ended and were not stopped (its own, through RLS). */
export function useLiveCampaigns(enabled: boolean) {
  return useServerQuery(async (client) => {
    if (!enabled) return [] as LiveCampaign[];
    const today = new Date().toISOString().slice(0, 10);
    const { data, error } = await client
      .from('brand_campaigns')
      .select('id, title, payout_model, ends_on')
      .gte('ends_on', today)
      .is('stopped_at', null)
      .order('created_at', { ascending: false })
      .limit(200);
    if (error) throw new Error(error.message);
    return (data ?? []) as LiveCampaign[];
  }, `live-campaigns-${enabled}`);
}

/** Every collaboration's total for the caller (artist or brand), in cents. */
export function useCollabEarningsTotal() {
  return useServerQuery(async (client) => {
    const { data, error } = await client.rpc('my_collab_earnings');
    if (error) throw new Error(error.message);
    const rows = (data ?? []) as { total_cents: number; code_claims: number }[];
    return {
      totalCents: rows.reduce((s, r) => s + Number(r.total_cents), 0),
      codeClaims: rows.reduce((s, r) => s + Number(r.code_claims), 0),
    };
  }, 'my-collab-earnings');
}

export async function deliverCampaign(offerId: string, campaignId: string): Promise<void> {
  if (!navigator.onLine) throw new Error('Delivering codes needs a connection. Reconnect, then try again.');
  const client = await loadSupabase();
  const { error } = await client.rpc('collab_deliver_campaign', { p_offer: offerId, p_campaign: campaignId });
  if (error) throw new Error(error.message);
}
