import { createFileRoute } from '@tanstack/react-router';
import { guarded } from '@/components/route-guard';
import { CollaborationsPage } from '@/features/collab';

export const Route = createFileRoute('/collaborations')({
  ...guarded({ requireAuth: true, requireOnboarding: true, allowedRoles: ['artist', 'brand', 'admin'] }),
  head: () => ({ meta: [{ title: 'Collaboration Hub · Bucket' }] }),
  component: CollaborationsPage,
});
