import { Badge } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IdentityHeader } from '@/components/dashboard/IdentityHeader';
import type { ArtistAnalytics } from '../sample-analytics';

/** Artist identity line: avatar, name with verified mark, tier, and the page's actions. */
export function ArtistHeader({ artist, actions }: { artist: ArtistAnalytics['artist']; actions?: ReactNode }) {
  return (
    <IdentityHeader
      image={artist.avatar}
      imageRadius="xl"
      name={artist.name}
      verifiedLabel={artist.verified ? 'Verified artist' : null}
      badge={
        <Badge color="yellow" variant="light" leftSection={<IconCrown size={12} />}>
          {artist.tier}
        </Badge>
      }
      subtitle="Artist Dashboard"
      actions={actions}
    />
  );
}
