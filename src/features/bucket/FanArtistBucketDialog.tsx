import { Avatar, Group, Stack, Text } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { useMemo } from 'react';
import { tierRank, type ContentTier } from '@sync/model';
import { ManageSubscriptionButton, UpgradeButton } from '@/features/payments';
import type { BucketItem } from './bucket-types';
import { BucketView } from './BucketView';
import { fanBucketItem } from './fan-bucket-items';
import { signContentUrl } from './use-bucket-content';
import { useFanArtistContent } from './use-fan-artist-content';

/** The artist's public identity: chosen name, bio and picture; never an e-mail. */
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
  // the lowest tier above the fan's that holds something: what upgrading opens first
  const fanRank = viewer.followTier ? tierRank(viewer.followTier) : 0;
  const nextLevel = Math.min(...rows.map((r) => tierRank(r.subscription_tier_required)).filter((n) => n > fanRank));
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
      {viewer.userId && (Number.isFinite(nextLevel) || fanRank > 0) ? (
        <Group gap="xs" align="flex-start">
          {Number.isFinite(nextLevel) ? <UpgradeButton artistId={artist.id} level={nextLevel} size="sm" /> : null}
          {fanRank > 0 ? <ManageSubscriptionButton size="sm" /> : null}
        </Group>
      ) : null}
      <BucketView viewer="fan" items={items} loading={loading} resolveUrl={resolveUrl} />
    </Stack>
  );
}

/** The fan view of a real artist's bucket in a dialog — no route parameter. */
export function FanArtistBucketDialog({ artist, viewer, onClose }: FanArtistBucketDialogProps) {
  return (
    <Modal opened={artist !== null} onClose={onClose} title={artist?.name ?? ''} size="lg" fullScreen={false}>
      {artist ? <FanArtistBucket artist={artist} viewer={viewer} /> : null}
    </Modal>
  );
}
