import { useEffect, useState } from 'react';
import { readArtistTiers, type ArtistTier } from './api/artist-tiers';

export type ArtistTiersState =
  { status: 'loading' | 'error'; tiers: ArtistTier[] } | { status: 'ready'; tiers: ArtistTier[] };

/** The server's tiers of one artist (none when `artistId` is undefined or not a real artist). */
export function useArtistTiers(artistId: string | undefined, reloadKey = 0): ArtistTiersState {
  const [state, setState] = useState<{ key: string; value: ArtistTiersState } | null>(null);
  const key = `${artistId ?? ''}#${reloadKey}`;
  useEffect(() => {
    if (!artistId) return undefined;
    let live = true;
    readArtistTiers(artistId).then(
      (tiers) => live && setState({ key, value: { status: 'ready', tiers } }),
      () => live && setState({ key, value: { status: 'error', tiers: [] } }),
    );
    return () => {
      live = false;
    };
  }, [artistId, key]);
  if (!artistId) return { status: 'ready', tiers: [] };
  return state?.key === key ? state.value : { status: 'loading', tiers: [] };
}
