import { Container, Stack } from '@mantine/core';
import { CompactRoleSwitcher } from '../../components/CompactRoleSwitcher';
import { BucketBrowser } from '../bucket';
import { ArtistProfileCard } from './ArtistProfileCard';
import { ArtistDashboard } from './components/ArtistDashboard';
import { RealFanFigures } from './RealFanFigures';

/**
 * `/dashboard/artist` — the artist dashboard with upload and the header role switcher, followed by
 * 'Your Bucket': the artist's synced content plus files still in the upload outbox.
 */
export function ArtistDashboardPage() {
  return (
    <>
      <ArtistDashboard withUpload roleSwitcher={<CompactRoleSwitcher />} />
      <Container size="xl" pb="xl" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ArtistProfileCard />
          <RealFanFigures />
          <BucketBrowser viewer="artist" />
        </Stack>
      </Container>
    </>
  );
}
