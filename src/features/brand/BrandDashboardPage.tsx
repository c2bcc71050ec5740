import { CompactRoleSwitcher } from '../../components/CompactRoleSwitcher';
import { BrandDashboard } from './components/BrandDashboard';

/** `/dashboard/brand` — the extended brand dashboard with the header role switcher. */
export function BrandDashboardPage() {
  return <BrandDashboard extended roleSwitcher={<CompactRoleSwitcher />} />;
}
