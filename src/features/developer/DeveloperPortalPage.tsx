import { CompactRoleSwitcher } from '../../components/CompactRoleSwitcher';
import { DeveloperPortal } from './components/DeveloperPortal';
import { PageNotifications } from './PageNotifications';

/** `/dashboard/developer` — the developer portal. */
export function DeveloperPortalPage() {
  return (
    <>
      <PageNotifications />
      <DeveloperPortal roleSwitcher={<CompactRoleSwitcher />} />
    </>
  );
}
