import { CompactRoleSwitcher } from '@/features/roles';
import { OwnHeader } from '@/components/dashboard';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { BrandDashboard } from './components/BrandDashboard';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { BrandAnalyticsCard } from './components/BrandAnalyticsCard';
import { OwnArtistPartnershipsCard } from './components/ArtistPartnershipsCard';
import { YourCampaignsCard } from './components/YourCampaignsCard';

/**
 * `/dashboard/brand` — the brand's own header, campaigns, analytics and artist partnerships (real, figures about
 * small groups suppressed by the server: private.min_group_size()) first; the extended sample dashboard (without the sample partnerships) follows under the 'Sample data' heading.
 */
export function BrandDashboardPage() {
  const roleSwitcher = <CompactRoleSwitcher />;
  const [launched, setLaunched] = useState(0);
  const [imported, setImported] = useState(0);
  // Signed out (the /test lab's switcher) it is the spec's sample dashboard, as in the demos.
  const signedIn = Boolean(useAuthSnapshot().user);
  return (
    <BrandDashboard
      extended
      roleSwitcher={roleSwitcher}
      own={
        signedIn
          ? {
              header: <OwnHeader role="Brand" actions={roleSwitcher} />,
              figures: (
                <Stack gap="md">
                  <YourCampaignsCard onLaunched={() => setLaunched((n) => n + 1)} />
                  <BrandAnalyticsCard refreshKey={launched} onImported={() => setImported((n) => n + 1)} />
                  <OwnArtistPartnershipsCard refreshKey={`${launched}.${imported}`} />
                </Stack>
              ),
            }
          : undefined
      }
    />
  );
}
