import { ArtistBucket } from './ArtistBucket';
import type { BucketItem, BucketViewer } from './bucket-types';
import { BucketView, type BucketViewProps } from './BucketView';

export type BucketBrowserProps =
  | ({ viewer: BucketViewer; items: BucketItem[] } & Omit<BucketViewProps, 'viewer' | 'items'>)
  | { viewer: BucketViewer; artistId?: string; items?: undefined };

/**
 * 'Your Bucket' (artist) or 'Artist Bucket' (fan). With `items` it shows them (sample data, demo);
 * without, it shows the artist's real content (artistId, default the signed-in artist).
 */
export function BucketBrowser(props: BucketBrowserProps) {
  if (props.items) return <BucketView {...props} />;
  return <ArtistBucket viewer={props.viewer} artistId={props.artistId} />;
}
