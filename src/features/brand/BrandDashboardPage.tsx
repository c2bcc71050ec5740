import { CompactRoleSwitcher } from '../../components/CompactRoleSwitcher';
import { OwnHeader } from '../../components/dashboard';
import { BrandDashboard } from './components/BrandDashboard';
import { YourCampaignsCard } from './components/YourCampaignsCard';

/**
 * `/dashboard/brand` — the brand's own header and campaigns first; the extended sample dashboard
 * follows under the 'Sample data' heading.
 */
export function BrandDashboardPage() {
  const roleSwitcher = <CompactRoleSwitcher />;
  return (
    <BrandDashboard
      extended
      roleSwitcher={roleSwitcher}
      own={{ header: <OwnHeader role="Brand" actions={roleSwitcher} />, figures: <YourCampaignsCard /> }}
    />
  );
}
