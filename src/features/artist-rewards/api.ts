/**
 * The artist's Daily Rewards offers, read and written on the server (rpc my_reward_offers and
 * put_up_reward): the code pool and the claim counts are the server's, so this section needs a
 * connection and never queues a write offline.
 */
import { useServerQuery } from '@/data/use-server-query';
import { loadSupabase } from '@/lib/load-supabase';

export interface RewardOffer {
  id: string;
  kind: 'code' | 'item';
  title: string;
  description: string;
  tier_required: number;
  quantity: number | null;
  claimed_count: number;
  codes_left: number | null;
  starts_on: string;
  ends_on: string;
  platform_pool: boolean;
}

export interface NewRewardOffer {
  kind: 'code' | 'item';
  title: string;
  description: string;
  tier: number;
  quantity: number | null;
  startsOn: string;
  endsOn: string;
  platformPool: boolean;
  codes: string[];
}

export function useMyRewardOffers() {
  return useServerQuery(async (client) => {
    const { data, error } = await client.rpc('my_reward_offers');
    if (error) throw new Error(error.message);
    return (data ?? []) as RewardOffer[];
  }, 'my-reward-offers');
}

export async function putUpReward(offer: NewRewardOffer): Promise<string> {
  const client = await loadSupabase();
  const { data, error } = await client.rpc('put_up_reward', {
    p_kind: offer.kind,
    p_title: offer.title,
    p_description: offer.description,
    p_tier: offer.tier,
    p_quantity: offer.kind === 'item' ? offer.quantity : null,
    p_starts_on: offer.startsOn,
    p_ends_on: offer.endsOn,
    p_platform_pool: offer.platformPool,
    p_codes: offer.kind === 'code' ? offer.codes : null,
    p_content_id: null,
  });
  if (error) throw new Error(error.message);
  return data as string;
}

/** Codes pasted one per line or comma-separated (a CSV column pastes as lines). */
export function parseCodes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,;]+/)
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
}
