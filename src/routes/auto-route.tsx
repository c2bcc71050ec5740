import { createFileRoute } from '@tanstack/react-router';
import { AutoRoutePage } from '@/features/auth/AutoRoutePage';

export const Route = createFileRoute('/auto-route')({
  head: () => ({ meta: [{ title: 'Loading · Bucket' }] }),
  component: AutoRoutePage,
});
