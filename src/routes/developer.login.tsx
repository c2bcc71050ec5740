import { createFileRoute } from '@tanstack/react-router';
import { RolePortalPage } from '@/features/auth/RolePortalPage';

function DeveloperPortal() {
  return <RolePortalPage role="developer" />;
}

export const Route = createFileRoute('/developer/login')({
  head: () => ({ meta: [{ title: 'Developer Portal · Bucket' }] }),
  component: DeveloperPortal,
});
