/**
 * The brand's analytics and redemption import (20261129400000-100). Every figure about fewer fans
 * than the answer's `suppressed_under` (the server's private.min_group_size()) arrives as null from
 * the server (brand_campaign_analytics); nothing is computed or
 * hidden here. Redemptions go to campaign_record_redemptions, which counts only claimed codes of
 * the brand's own campaign, once per code.
 */
import Papa from 'papaparse';
import { useServerQuery } from '@/data/use-server-query';
import { loadSupabase } from '@/lib/load-supabase';

export interface Figures {
  reach: number | null;
  engaged_fans: number | null;
  spent_cents: number;
  cost_per_action_cents: number | null;
  redemptions: number | null;
  redeemed_amount_cents: number | null;
  conversion_rate: number | null;
  weeks: Array<{
    week: string;
    starts_on: string;
    impressions: number | null;
    claims: number | null;
    redemptions: number | null;
  }>;
  regions: Array<{ region: string; reach: number; engaged_fans: number | null }>;
}
export interface BrandAnalytics {
  suppressed_under: number;
  overall: Figures;
  campaigns: Array<Figures & { id: string; title: string; starts_on: string; ends_on: string }>;
}

export function useBrandAnalytics(key = '') {
  return useServerQuery(async (client) => {
    const { data, error } = await client.rpc('brand_campaign_analytics');
    if (error) throw new Error(error.message);
    return data as unknown as BrandAnalytics;
  }, `brand-analytics${key}`);
}

export interface RedemptionRow {
  code: string;
  redeemed_at: string;
  amount_cents: number | null;
}
export const MAX_REDEMPTIONS = 10_000;

/**
 * A CSV with a header row: code, redeemed_at (ISO date and time, or a date), and optionally
 * amount_cents. Throws a message naming the line for anything the server would refuse.
 */
export function parseRedemptionCsv(text: string): RedemptionRow[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/\r\n?/g, '\n').trim(), {
    header: true,
    newline: '\n',
    skipEmptyLines: true,
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('code') || !fields.includes('redeemed_at')) {
    throw new Error('The file needs a header row with the columns code and redeemed_at (amount_cents is optional).');
  }
  if (parsed.data.length === 0) throw new Error('The file has no redemptions under its header row.');
  if (parsed.data.length > MAX_REDEMPTIONS) throw new Error('At most 10,000 redemptions per file: split it.');
  return parsed.data.map((row, i) => {
    const line = i + 2; // the header is line 1
    const code = (row.code ?? '').trim();
    if (!code) throw new Error(`Line ${line}: the code is empty.`);
    const at = (row.redeemed_at ?? '').trim();
    if (!at || Number.isNaN(Date.parse(at))) throw new Error(`Line ${line}: redeemed_at “${at}” is not a date.`);
    const amount = (row.amount_cents ?? '').trim();
    if (amount && !/^\d{1,11}$/.test(amount)) {
      throw new Error(`Line ${line}: amount_cents “${amount}” is not a whole number of cents.`);
    }
    return { code, redeemed_at: new Date(at).toISOString(), amount_cents: amount ? Number(amount) : null };
  });
}

export interface RedemptionResult {
  recorded: number;
  duplicates: number;
  unknown: number;
}

export async function recordRedemptions(campaign: string, rows: RedemptionRow[]): Promise<RedemptionResult> {
  const client = await loadSupabase();
  const { data, error } = await client.rpc('campaign_record_redemptions', { p_campaign: campaign, p_rows: rows });
  if (error) throw new Error(error.message);
  return data as unknown as RedemptionResult;
}
