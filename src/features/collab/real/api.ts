/**
 * Collaborations on the server (20261129010000_collaborations.sql): offers are read through RLS
 * (the two parties only) and written only through collab_send / collab_respond, so this screen needs
 * a connection and never queues a write offline. Both sides see changes live (postgres_changes).
 */
import { useEffect, useRef } from 'react';
import { useServerQuery } from '@/data/use-server-query';
import { loadSupabase } from '@/lib/load-supabase';
import type { AppSupabaseClient } from '@/lib/supabase';

export type RealOfferStatus = 'pending' | 'countered' | 'accepted' | 'declined' | 'withdrawn';
export type OfferAnswer = 'accept' | 'decline' | 'counter' | 'withdraw';

export interface RealOffer {
  id: string;
  kind: 'artist_to_brand' | 'brand_to_artist';
  artist_id: string;
  brand_id: string;
  artist_name: string;
  brand_name: string;
  title: string;
  narrative: string;
  timeline: string;
  reach: string;
  deliverables: string;
  budget: number;
  status: RealOfferStatus;
  awaiting: string | null;
  note: string;
  created_at: string;
  updated_at: string;
}

export interface Counterpart {
  id: string;
  name: string;
}

export interface NewProposal {
  to: string;
  title: string;
  narrative: string;
  timeline: string;
  reach: string;
  deliverables: string;
  budget: number;
}

/** The caller's offers, newest activity first, reloaded whenever one of them changes on the server. */
export function useMyOffers() {
  const query = useServerQuery(async (client) => {
    const { data, error } = await client
      .from('collab_offers')
      .select('*')
      .order('updated_at', { ascending: false })
      .limit(200);
    if (error) throw new Error(error.message);
    return (data ?? []) as RealOffer[];
  }, 'collab-offers');
  const reload = useRef(query.reload);
  useEffect(() => {
    reload.current = query.reload;
  });
  useEffect(() => {
    let left = false;
    let stop: (() => void) | undefined;
    void loadSupabase().then((client) => {
      if (left) return;
      const channel = client
        .channel('collab-offers')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'collab_offers' }, () => reload.current())
        .subscribe();
      stop = () => void client.removeChannel(channel);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, []);
  return query;
}

/** Whom the caller can send a proposal to: brands for an artist, artists for a brand. */
export function useCounterparts(userType: 'artist' | 'brand') {
  return useServerQuery(async (client) => {
    if (userType === 'artist') {
      const { data, error } = await client.rpc('collab_brands');
      if (error) throw new Error(error.message);
      return (data ?? []) as Counterpart[];
    }
    const { data, error } = await client
      .from('artist_profiles')
      .select('id, display_name')
      .order('display_name')
      .limit(500);
    if (error) throw new Error(error.message);
    return ((data ?? []) as { id: string; display_name: string | null }[])
      .filter((a) => a.display_name)
      .map((a) => ({ id: a.id, name: a.display_name! }));
  }, `collab-counterparts-${userType}`);
}

const offlineMessage = (what: string) => `${what} needs a connection. Reconnect, then try again.`;

async function withClient<T>(what: string, fn: (client: AppSupabaseClient) => Promise<T>): Promise<T> {
  if (!navigator.onLine) throw new Error(offlineMessage(what));
  return fn(await loadSupabase());
}

export async function sendProposal(p: NewProposal): Promise<RealOffer> {
  return withClient('Sending a proposal', async (client) => {
    const { data, error } = await client.rpc('collab_send', {
      p_to: p.to,
      p_title: p.title.trim(),
      p_narrative: p.narrative,
      p_timeline: p.timeline,
      p_reach: p.reach,
      p_deliverables: p.deliverables,
      p_budget: p.budget,
    });
    if (error) throw new Error(error.message);
    return data as RealOffer;
  });
}

export async function answerOffer(id: string, answer: OfferAnswer, budget?: number, note = ''): Promise<RealOffer> {
  return withClient('Answering an offer', async (client) => {
    const { data, error } = await client.rpc('collab_respond', {
      p_id: id,
      p_action: answer,
      p_budget: budget ?? null,
      p_note: note,
    });
    if (error) throw new Error(error.message);
    return data as RealOffer;
  });
}
