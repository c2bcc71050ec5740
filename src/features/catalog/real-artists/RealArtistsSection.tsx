import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ContentTier } from '@sync/model';
import type { GenreFilter } from '../filter-artists';
import { filterRealArtists, type RealArtist } from './real-artist';
import { RealArtistCard } from './RealArtistCard';
import { useFollowState, useRealArtists } from './use-real-artists';

// The Artist Bucket (player, downloads, the upload stack it shares) loads when a fan opens one:
// the catalog itself, and every visitor, never download it.
const FanArtistBucketDialog = lazy(() =>
  import('@/features/bucket/FanArtistBucketDialog').then((m) => ({ default: m.FanArtistBucketDialog })),
);

/**
 * Real artists above the sample catalog (`samples`, under a heading that labels
 * them as sample artists), filtered by the page's search text and genre chip. When the search
 * matches real artists and no sample one, the empty sample part is left out: the spec's 'No
 * artists found' is for a search that matches nothing at all.
 */
export function RealArtistsSection({
  query,
  genre,
  sampleMatches,
  samples,
}: {
  query: string;
  genre: GenreFilter;
  sampleMatches: number;
  samples: ReactNode;
}) {
  const { artists, status, reload } = useRealArtists();
  const follow = useFollowState();
  // A follow or unfollow reached the server: re-read the directory, whose counts changed with it.
  const lastSettled = useRef(follow.settledKey);
  useEffect(() => {
    if (lastSettled.current === follow.settledKey) return;
    lastSettled.current = follow.settledKey;
    reload();
  }, [follow.settledKey, reload]);
  const [open, setOpen] = useState<RealArtist | null>(null);
  const shown = useMemo(() => filterRealArtists(artists, query, genre), [artists, query, genre]);
  const openTier = open ? ((follow.tiers.get(open.id) as ContentTier | undefined) ?? null) : null;

  return (
    <Stack gap="md">
      {status !== 'loading' && artists.length > 0 ? (
        <Stack gap="sm" component="section" aria-label="Artists on Bucket">
          <Title order={2} size="h3">
            Artists on Bucket
          </Title>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              No artists on Bucket match this search yet.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
              {shown.map((artist) => (
                <RealArtistCard
                  key={artist.id}
                  artist={artist}
                  tier={follow.tiers.get(artist.id)}
                  followPending={follow.pending.has(artist.id)}
                  onOpenBucket={setOpen}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      ) : null}
      {status === 'signedOut' ? (
        <Text size="sm" c="dimmed">
          Sign in to see and join the artists publishing on Bucket.
        </Text>
      ) : null}
      {sampleMatches === 0 && shown.length > 0 ? null : (
        <>
          <Title order={2} size="h3">
            Sample artists
          </Title>
          {samples}
        </>
      )}
      {open ? (
        <Suspense fallback={null}>
          <FanArtistBucketDialog
            artist={open}
            viewer={{ userId: follow.userId, followTier: openTier }}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
