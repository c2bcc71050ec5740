import { Stack } from '@mantine/core';
import { CompactRoleSwitcher } from '../../components/CompactRoleSwitcher';
import { OwnHeader } from '../../components/dashboard';
import { BucketBrowser } from '../bucket';
import { ArtistDashboard } from './components/ArtistDashboard';
import { UploadContentButton } from './components/UploadContentButton';
import { RealFanFigures } from './RealFanFigures';

const roleSwitcher = <CompactRoleSwitcher />;

/**
 * `/dashboard/artist` — the artist's own header, real figures and 'Your Bucket' (synced content
 * plus files still in the upload outbox) first; the spec's sample analytics follow under the
 * 'Sample data' heading.
 */
export function ArtistDashboardPage() {
  const own = (
    <Stack gap="md">
      <RealFanFigures />
      <BucketBrowser viewer="artist" />
    </Stack>
  );
  return (
    <ArtistDashboard
      withUpload
      roleSwitcher={roleSwitcher}
      own={{
        header: (
          <OwnHeader
            role="Artist"
            actions={
              <>
                {roleSwitcher}
                <UploadContentButton />
              </>
            }
          />
        ),
        figures: own,
      }}
    />
  );
}
