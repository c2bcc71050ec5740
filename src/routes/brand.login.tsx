import { createFileRoute } from '@tanstack/react-router';
import { RolePortalPage } from '@/features/auth/RolePortalPage';

function BrandPortal() {
  return <RolePortalPage role="brand" />;
}

export const Route = createFileRoute('/brand/login')({
  head: () => ({ meta: [{ title: 'Brand Portal · Bucket' }] }),
  component: BrandPortal,
});
