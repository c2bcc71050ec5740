import { CompactRoleSwitcher } from '@/features/roles';
import { DeveloperPortal } from './components/DeveloperPortal';

/** `/dashboard/developer` — the developer portal. */
export function DeveloperPortalPage() {
  return <DeveloperPortal roleSwitcher={<CompactRoleSwitcher />} />;
}
