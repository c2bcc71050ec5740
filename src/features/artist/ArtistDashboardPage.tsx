import { CompactRoleSwitcher } from '../../components/CompactRoleSwitcher';
import { ArtistDashboard } from './components/ArtistDashboard';
import { PageNotifications } from './PageNotifications';

/** `/dashboard/artist` — the artist dashboard with upload and the header role switcher. */
export function ArtistDashboardPage() {
  return (
    <>
      <PageNotifications />
      <ArtistDashboard withUpload roleSwitcher={<CompactRoleSwitcher />} />
    </>
  );
}
