/**
 * A brand's campaigns on the server (20261129200000-300): launching inserts the campaign into
 * brand_campaigns and its codes into campaign_codes (RLS: the brand's own campaign only); the
 * list comes from my_campaigns(), aggregates only. After launch the owner may stop a campaign or add
 * codes to it (campaign_stop, campaign_add_codes: 20261130100000). Online only: the pool and the
 * spend are the server's, so nothing here is queued offline.
 */
import Papa from 'papaparse';
import { useServerQuery } from '@/data/use-server-query';
import { loadSupabase } from '@/lib/load-supabase';

export const PAYOUT_MODELS = [
  { value: 'per_code', label: 'Per code claimed' },
  { value: 'flat_rate', label: 'Flat rate' },
  { value: 'revenue_share', label: 'Revenue share' },
  { value: 'hybrid', label: 'Hybrid' },
] as const;
export type PayoutModel = (typeof PAYOUT_MODELS)[number]['value'];

/** The seed's followers filter; the server stores the minimum (0 = any size). */
export const FOLLOWER_FILTERS = [
  { value: '0', label: 'Any size' },
  { value: '500', label: '500+' },
  { value: '1000', label: '1K+' },
  { value: '5000', label: '5K+' },
  { value: '10000', label: '10K+' },
  { value: '50000', label: '50K+' },
];

export const MAX_CODES = 10_000;
/**
 * Below this many fans a figure is suppressed by the server (null; private.min_group_size()); the
 * screens say so. campaign-analytics.test.ts checks it is the server's figure.
 */
export const SUPPRESSED_UNDER = 10;

export interface NewCampaign {
  title: string;
  culturalContext: string;
  genres: string[];
  minFollowers: number;
  budget: number; // dollars
  payoutModel: PayoutModel;
  payoutPerCode: number; // dollars
  flatFee: number; // dollars
  revenueSharePct: number | null;
  startsOn: string;
  endsOn: string;
}

export interface Campaign {
  id: string;
  title: string;
  genres: string[];
  min_followers: number;
  payout_model: PayoutModel;
  budget_cents: number;
  payout_per_code_cents: number;
  starts_on: string;
  ends_on: string;
  status: 'scheduled' | 'running' | 'no_codes' | 'out_of_codes' | 'spent' | 'ended' | 'stopped';
  code_count: number;
  codes_left: number;
  claims: number;
  spent_cents: number;
  reach: number | null;
  claims_by_week: Array<{ week: string; claims: number | null }>;
  stopped_at: string | null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

export function useMyCampaigns() {
  return useServerQuery(async (client) => {
    const { data, error } = await client.rpc('my_campaigns');
    if (error) throw new Error(error.message);
    return (data ?? []) as Campaign[];
  }, 'my-campaigns');
}

/** Inserts the campaign, then its codes in chunks; a code refused names why, and the campaign stays. */
export async function launchCampaign(campaign: NewCampaign, codes: string[]): Promise<string> {
  const client = await loadSupabase();
  const { data: auth } = await client.auth.getUser();
  if (!auth.user) throw new Error('Sign in as a brand to launch a campaign.');
  const model = campaign.payoutModel;
  const { data, error } = await client
    .from('brand_campaigns')
    .insert({
      brand_id: auth.user.id,
      title: campaign.title,
      cultural_context: campaign.culturalContext,
      genres: campaign.genres,
      min_followers: campaign.minFollowers,
      budget_cents: cents(campaign.budget),
      payout_model: model,
      payout_per_code_cents: model === 'per_code' || model === 'hybrid' ? cents(campaign.payoutPerCode) : 0,
      flat_fee_cents: model === 'flat_rate' || model === 'hybrid' ? cents(campaign.flatFee) : 0,
      revenue_share_pct: model === 'revenue_share' ? campaign.revenueSharePct : null,
      starts_on: campaign.startsOn,
      ends_on: campaign.endsOn,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const id = (data as { id: string }).id;
  for (let i = 0; i < codes.length; i += 1000) {
    const chunk = codes.slice(i, i + 1000).map((code) => ({ campaign_id: id, code }));
    const added = await client.from('campaign_codes').insert(chunk);
    if (added.error) throw new Error(`The campaign was saved, but its codes were not: ${added.error.message}`);
  }
  return id;
}

/** Stops the brand's own campaign: no new calendar days, waiting claims refused; claimed codes stay. */
export async function stopCampaign(id: string): Promise<{ claims: number; codes_left: number }> {
  const client = await loadSupabase();
  const { data, error } = await client.rpc('campaign_stop', { p_campaign: id });
  if (error) throw new Error(error.message);
  return data as { claims: number; codes_left: number };
}

export interface CodesAdded {
  added: number;
  skipped: number; // already in the pool (or repeated in the list)
  code_count: number;
}

/** Adds codes to the brand's own running campaign; codes already in its pool are skipped and counted. */
export async function addCampaignCodes(id: string, codes: string[]): Promise<CodesAdded> {
  const client = await loadSupabase();
  const { data, error } = await client.rpc('campaign_add_codes', { p_campaign: id, p_codes: codes });
  if (error) throw new Error(error.message);
  return data as CodesAdded;
}

/** 'Added 3 codes; 2 were already in the pool and skipped.' */
export function codesAddedText({ added, skipped }: CodesAdded): string {
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  const head = `Added ${plural(added, 'code', 'codes')}`;
  return skipped === 0
    ? `${head}.`
    : `${head}; ${plural(skipped, 'code was', 'codes were')} already in the pool and skipped.`;
}

/** Codes pasted one per line or comma-separated: trimmed, distinct, in order. */
export function parseCodes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,;\t]+/)
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
}

/** The first column of a CSV file (a header named code/codes is skipped), distinct, in order. */
export function parseCodeCsv(text: string): string[] {
  // one newline style: files edited on several systems mix them, and the parser detects only one
  const rows = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n').trim(), { newline: '\n', skipEmptyLines: true }).data;
  const first = rows.map((row) => (row[0] ?? '').trim()).filter(Boolean);
  if (first.length && /^codes?$/i.test(first[0]!)) first.shift();
  return [...new Set(first)];
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I: codes are typed by hand

/** `count` distinct random codes like PREFIX-7KQ2-M9XA (crypto randomness). */
export function generateCodes(count: number, prefix: string): string[] {
  const clean = prefix
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 12);
  const out = new Set<string>();
  while (out.size < count) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const body = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
    out.add(`${clean ? `${clean}-` : ''}${body.slice(0, 4)}-${body.slice(4)}`);
  }
  return [...out];
}

/** A one-column CSV of codes, for the brand's own shop system. */
export function codesCsv(codes: string[]): string {
  return Papa.unparse({ fields: ['code'], data: codes.map((c) => [c]) });
}
