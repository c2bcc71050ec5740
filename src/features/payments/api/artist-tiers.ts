/**
 * Artists' tiers as the server prices them (public.artist_tiers): the client shows these and
 * never says what something costs itself. Reads are batched per tick (a catalog page asks for
 * every card's artist at once) and kept for the page's life; an artist's save forgets theirs.
 */
import { loadSupabase } from '@/lib/load-supabase';

export interface ArtistTier {
  artistId: string;
  level: 1 | 2 | 3;
  name: string;
  /** whole US dollars a month */
  price: number;
  benefits: string[];
}

interface TierRow {
  artist_id: string;
  level: 1 | 2 | 3;
  name: string;
  price: number;
  benefits: string[];
}

const known = new Map<string, Promise<ArtistTier[]>>();
let batch: { ids: Set<string>; run: Promise<Map<string, ArtistTier[]>> } | null = null;

function fetchBatch(ids: Set<string>): Promise<Map<string, ArtistTier[]>> {
  return loadSupabase().then(async (supabase) => {
    const { data, error } = await supabase
      .from('artist_tiers')
      .select('artist_id,level,name,price,benefits')
      .in('artist_id', [...ids])
      .order('level');
    if (error) throw new Error(error.message);
    const out = new Map<string, ArtistTier[]>([...ids].map((id) => [id, []]));
    for (const row of (data ?? []) as TierRow[]) {
      out
        .get(row.artist_id)
        ?.push({ artistId: row.artist_id, level: row.level, name: row.name, price: row.price, benefits: row.benefits });
    }
    return out;
  });
}

/** The artist's tiers (levels 1-3 that exist), from the server. */
export function readArtistTiers(artistId: string): Promise<ArtistTier[]> {
  const cached = known.get(artistId);
  if (cached) return cached;
  if (!batch) {
    const ids = new Set<string>();
    // the batch closes after this tick: every card rendered now shares one request
    const run = Promise.resolve().then(() => {
      batch = null;
      return fetchBatch(ids);
    });
    batch = { ids, run };
  }
  batch.ids.add(artistId);
  const mine = batch.run.then((all) => all.get(artistId) ?? []);
  known.set(artistId, mine);
  mine.catch(() => known.delete(artistId)); // a failed read (offline) is tried again next time
  return mine;
}

export function forgetArtistTiers(artistId: string): void {
  known.delete(artistId);
}

/** '$5/month' */
export const perMonth = (price: number): string => `$${price}/month`;
