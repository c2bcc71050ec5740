import { Container, Stack } from '@mantine/core';
import { CompactRoleSwitcher } from '@/features/roles';
import { OwnHeader } from '@/components/dashboard';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { ArtistRewardsCard } from '@/features/artist-rewards';
import { BucketBrowser } from '@/features/bucket';
import { EarningsCard, TierEditor } from '@/features/payments';
import { ArtistProfileCard } from './ArtistProfileCard';
import { ArtistDashboard } from './components/ArtistDashboard';
import { UploadContentButton } from './components/UploadContentButton';
import { RealFanFigures } from './RealFanFigures';
import { UpcomingReleaseCard } from './UpcomingReleaseCard';

const roleSwitcher = <CompactRoleSwitcher />;

/**
 * `/dashboard/artist` — the artist's own header, real figures and 'Your Bucket' (synced content
 * plus files still in the upload outbox) first; the spec's sample analytics follow under the
 * 'Sample data' heading.
 */
export function ArtistDashboardPage() {
  // Signed out (the /test lab's switcher) it is the spec's sample dashboard, as in the demos.
  const userId = useAuthSnapshot().user?.id;
  const signedIn = Boolean(userId);
  const own = (
    <Stack gap="md">
      <ArtistProfileCard />
      <UpcomingReleaseCard />
      <RealFanFigures />
      {userId ? <TierEditor artistId={userId} /> : null}
      {userId ? <EarningsCard /> : null}
      <BucketBrowser viewer="artist" />
      {signedIn ? <ArtistRewardsCard /> : null}
    </Stack>
  );
  if (!signedIn)
    return (
      <>
        <ArtistDashboard withUpload roleSwitcher={roleSwitcher} />
        <Container size="xl" pb="xl" px={{ base: 'sm', sm: 'md' }}>
          {own}
        </Container>
      </>
    );
  return (
    <ArtistDashboard
      withUpload
      roleSwitcher={roleSwitcher}
      own={
        signedIn
          ? {
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
            }
          : undefined
      }
    />
  );
}
