import { PageFrame } from '../../components/PageFrame';
import { ROLE_DISPLAY } from '../../lib/roles';

/** Artist, brand and developer portals (spec §2 "Role portals"). */
export function RolePortalPage({ role }: { role: 'artist' | 'brand' | 'developer' }) {
  const { name, description } = ROLE_DISPLAY[role];
  return <PageFrame title={`${name} Portal`} description={description} />;
}
