import { CompactRoleSwitcher } from '../../components/CompactRoleSwitcher';
import { ArtistDashboard } from './components/ArtistDashboard';

/** `/dashboard/artist` — the artist dashboard with upload and the header role switcher. */
export function ArtistDashboardPage() {
  return <ArtistDashboard withUpload roleSwitcher={<CompactRoleSwitcher />} />;
}
