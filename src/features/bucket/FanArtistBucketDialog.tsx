import { Avatar, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/Modal';
import { useMemo } from 'react';
import type { ContentTier } from '../../../sync/fans/entitlement';
import type { BucketItem } from './bucket-types';
import { BucketView } from './BucketView';
import { fanBucketItem } from './fan-bucket-items';
import { signContentUrl } from './use-bucket-content';
import { useFanArtistContent } from './use-fan-artist-content';

/** The artist's public identity (issue 31): chosen name, bio and picture; never an e-mail. */
export interface BucketArtist {
  id: string;
  name: string;
  bio?: string;
  pictureUrl?: string | null;
}

export interface FanArtistBucketDialogProps {
  artist: BucketArtist | null;
  viewer: { userId: string | null; followTier: ContentTier | null };
  onClose: () => void;
}

function FanArtistBucket({
  artist,
  viewer,
}: Required<Pick<FanArtistBucketDialogProps, 'viewer'>> & { artist: BucketArtist }) {
  const { rows, loading } = useFanArtistContent(artist.id, viewer.followTier !== null);
  const items = useMemo(() => rows.map((row) => fanBucketItem(row, viewer, artist.name)), [rows, viewer, artist.name]);
  const resolveUrl = (item: BucketItem, purpose: 'play' | 'download') =>
    item.downloadUrl && !item.isLocked
      ? signContentUrl(item.downloadUrl, purpose === 'download' ? item.name : undefined)
      : Promise.resolve(null);
  return (
    <Stack gap="md">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar src={artist.pictureUrl ?? null} alt="" size={48} radius="xl" color="grape">
          {artist.name.slice(0, 1)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{artist.name}</Text>
          {artist.bio ? (
            <Text size="sm" c="dimmed">
              {artist.bio}
            </Text>
          ) : null}
        </div>
      </Group>
      <BucketView viewer="fan" items={items} loading={loading} resolveUrl={resolveUrl} />
    </Stack>
  );
}

/** The fan view of a real artist's bucket (spec §2 'Artist Bucket') in a dialog — no route parameter. */
export function FanArtistBucketDialog({ artist, viewer, onClose }: FanArtistBucketDialogProps) {
  return (
    <Modal opened={artist !== null} onClose={onClose} title={artist?.name ?? ''} size="lg" fullScreen={false}>
      {artist ? <FanArtistBucket artist={artist} viewer={viewer} /> : null}
    </Modal>
  );
}
