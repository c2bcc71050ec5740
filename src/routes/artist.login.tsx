import { createFileRoute } from '@tanstack/react-router';
import { RolePortalPage } from '@/features/auth/RolePortalPage';

function ArtistPortal() {
  return <RolePortalPage role="artist" />;
}

export const Route = createFileRoute('/artist/login')({
  head: () => ({ meta: [{ title: 'Artist Portal · Bucket' }] }),
  component: ArtistPortal,
});
