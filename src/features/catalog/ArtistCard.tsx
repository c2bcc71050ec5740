import { AspectRatio, Badge, Box, Card, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { SampleArtist } from '@/sample/artists';
import { ArtistCounts, ArtistName, ArtistTags, TrustScore } from './ArtistStats';
import { Artwork } from '@/components/Artwork';
import { LatestDrop } from './LatestDrop';
import { TierButtons } from './TierButtons';

/** Grid view card: banner, NEW badge, trust score, verified tick, counts, latest drop, tags, tiers. */
export const ArtistCard = memo(function ArtistCard({ artist }: { artist: SampleArtist }) {
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={artist.name} h="100%">
      <Card.Section pos="relative">
        <AspectRatio ratio={3 / 1}>
          <Artwork src={artist.banner} />
        </AspectRatio>
        {artist.isNew ? (
          <Badge pos="absolute" top={8} left={8} color="pink" variant="filled">
            NEW
          </Badge>
        ) : null}
        <Box pos="absolute" top={8} right={8}>
          <TrustScore score={artist.trustScore} />
        </Box>
      </Card.Section>
      <Stack gap="sm" mt={-28} style={{ flexGrow: 1 }}>
        <Artwork
          src={artist.avatar}
          avatar
          size={56}
          radius="xl"
          style={{ border: '3px solid var(--mantine-color-body)' }}
        />
        <Box>
          <ArtistName artist={artist} />
          <Text size="sm" c="dimmed" tt="capitalize">
            {artist.genre} · {artist.city}
          </Text>
        </Box>
        <ArtistCounts artist={artist} />
        <LatestDrop drop={artist.latestDrop} />
        <ArtistTags tags={artist.tags} />
        <Box mt="auto">
          <TierButtons artist={artist} />
        </Box>
      </Stack>
    </Card>
  );
});

/** List view row: the same facts in one horizontal band. */
export const ArtistRow = memo(function ArtistRow({ artist }: { artist: SampleArtist }) {
  return (
    <Card withBorder radius="lg" padding="sm" component="article" aria-label={artist.name}>
      <Group gap="md" align="center" wrap="wrap">
        <Box pos="relative">
          <Artwork src={artist.avatar} avatar size={64} radius="md" />
          {artist.isNew ? (
            <Badge pos="absolute" bottom={-6} left={6} size="xs" color="pink" variant="filled">
              NEW
            </Badge>
          ) : null}
        </Box>
        <Stack gap={4} style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <ArtistName artist={artist} />
            <TrustScore score={artist.trustScore} />
          </Group>
          <Text size="sm" c="dimmed" tt="capitalize">
            {artist.genre} · {artist.city}
          </Text>
          <ArtistCounts artist={artist} />
          <ArtistTags tags={artist.tags} />
        </Stack>
        <Box style={{ flex: '1 1 220px', minWidth: 0 }}>
          <LatestDrop drop={artist.latestDrop} />
        </Box>
        <Box style={{ flex: '1 1 240px' }}>
          <TierButtons artist={artist} compact />
        </Box>
      </Group>
    </Card>
  );
});
