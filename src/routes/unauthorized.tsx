import { createFileRoute } from '@tanstack/react-router';
import { UnauthorizedPage } from '@/components/UnauthorizedPage';

export const Route = createFileRoute('/unauthorized')({
  head: () => ({ meta: [{ title: 'Access Denied · Bucket' }] }),
  component: UnauthorizedPage,
});
