/** Synced subscription rows → the stats panel's FanSubscription list (newest tier first). */
import type { SubscriptionDoc } from '@sync/model';
import { sampleArtistById, sampleArtwork } from '@/sample/artists';
import { TIER_NUMBER } from './fan-tier';
import type { FanSubscription } from './types';

export function subscriptionsFromRows(
  rows: (Pick<SubscriptionDoc, 'id' | 'artist_id' | 'artist_name' | 'tier' | 'price' | 'sync_state'> &
    Partial<Pick<SubscriptionDoc, 'artist_announcement' | 'artist_announcement_on'>>)[],
): FanSubscription[] {
  return rows
    .filter((row) => row.sync_state !== 'rejected')
    .map((row) => {
      const artist = sampleArtistById(row.artist_id);
      const name = row.artist_name || artist?.name || row.artist_id;
      return {
        id: row.id,
        artistId: row.artist_id,
        artistName: name,
        avatar: artist?.avatar ?? sampleArtwork(`artist-${row.artist_id}`, name.slice(0, 1)),
        tier: row.tier,
        price: row.price,
        ...(row.artist_announcement && row.artist_announcement_on
          ? { announcement: { note: row.artist_announcement, on: row.artist_announcement_on } }
          : {}),
      };
    })
    .sort((a, b) => TIER_NUMBER[b.tier] - TIER_NUMBER[a.tier] || a.artistName.localeCompare(b.artistName));
}
