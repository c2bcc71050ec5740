import { createFileRoute } from '@tanstack/react-router';
import { RouteGuard } from '@/components/RouteGuard';
import { CollaborationsPage } from '@/features/collab';

function GuardedCollaborations() {
  return (
    <RouteGuard requireAuth requireOnboarding allowedRoles={['artist', 'brand', 'admin']}>
      <CollaborationsPage />
    </RouteGuard>
  );
}

export const Route = createFileRoute('/collaborations')({
  head: () => ({ meta: [{ title: 'Collaboration Hub · Bucket' }] }),
  component: GuardedCollaborations,
});
