import { AspectRatio, Avatar, Badge, Box, Button, Card, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconBucket, IconMusic, IconPhoto, IconVideo } from '@tabler/icons-react';
import { memo } from 'react';
import { formatCompactNumber } from '@/lib/format';
import { countLabel, pluralNoun } from '@/lib/plural';
import { sampleArtwork } from '@/sample/artists';
import { ArtistTags } from '../ArtistStats';
import { JoinButtons } from './JoinButtons';
import { shownFollowers, timeAgo, type RealArtist } from './real-artist';

const TYPE_ICON = { audio: IconMusic, video: IconVideo, image: IconPhoto } as const;

function RealLatestDrop({ drop }: { drop: NonNullable<RealArtist['latestDrop']> }) {
  const Icon = TYPE_ICON[drop.type];
  return (
    <Paper withBorder radius="md" p={6}>
      <Group gap="xs" wrap="nowrap">
        <Image src={sampleArtwork(`drop-${drop.title}`, drop.title.slice(0, 1))} alt="" w={40} h={40} radius="sm" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" c="dimmed">
            Latest drop · {timeAgo(drop.at)}
          </Text>
          <Text size="sm" fw={600} truncate>
            {drop.title}
          </Text>
        </div>
        <Icon size={16} aria-label={drop.type} role="img" style={{ flexShrink: 0 }} />
      </Group>
    </Paper>
  );
}

export interface RealArtistCardProps {
  artist: RealArtist;
  tier: string | undefined;
  /** The fan's own follow is not on the server yet: counted here until the directory has it. */
  followPending?: boolean;
  onOpenBucket: (artist: RealArtist) => void;
}

/** The catalog card for a real artist: same facts as a sample card, from the server. */
export const RealArtistCard = memo(function RealArtistCard({
  artist,
  tier,
  followPending = false,
  onOpenBucket,
}: RealArtistCardProps) {
  const followers = shownFollowers(artist.followers, followPending);
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={artist.name} h="100%">
      <Card.Section pos="relative">
        <AspectRatio ratio={3 / 1}>
          <Image src={sampleArtwork(`banner-${artist.id}`)} alt="" />
        </AspectRatio>
        <Badge pos="absolute" top={8} left={8} color="grape" variant="filled">
          On Bucket
        </Badge>
      </Card.Section>
      <Stack gap="sm" mt={-28} style={{ flexGrow: 1 }}>
        <Avatar
          src={artist.pictureUrl ?? sampleArtwork(`avatar-${artist.id}`, artist.name.slice(0, 1))}
          alt=""
          size={56}
          radius="xl"
          style={{ border: '3px solid var(--mantine-color-body)' }}
        />
        <Box>
          <Text fw={700} size="lg" truncate>
            {artist.name}
          </Text>
          <Text size="sm" c="dimmed">
            {countLabel(artist.items, 'release')}
          </Text>
          {artist.bio ? (
            <Text size="sm" mt={4} lineClamp={2}>
              {artist.bio}
            </Text>
          ) : null}
        </Box>
        <Text size="sm">
          <Text span fw={700}>
            {formatCompactNumber(followers)}
          </Text>{' '}
          <Text span c="dimmed">
            {pluralNoun(followers, 'follower')}
          </Text>
        </Text>
        {artist.latestDrop ? <RealLatestDrop drop={artist.latestDrop} /> : null}
        <ArtistTags tags={artist.genres.map((g) => g.toLowerCase().replace(/\s+/g, ''))} />
        <Box mt="auto">
          <Stack gap={6}>
            <Button
              variant="default"
              size="sm"
              fullWidth
              leftSection={<IconBucket size={16} />}
              onClick={() => onOpenBucket(artist)}
              aria-label={`Open ${artist.name}'s Artist Bucket`}
            >
              Artist Bucket
            </Button>
            <JoinButtons artist={artist} tier={tier} />
          </Stack>
        </Box>
      </Stack>
    </Card>
  );
});
