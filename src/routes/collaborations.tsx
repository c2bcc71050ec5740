import { createFileRoute } from '@tanstack/react-router';
import { GuardPending } from '@/components/GuardPending';
import { CollaborationsPage } from '@/features/collab';
import type { GuardFlags } from '@/lib/guard';
import { guardRoute } from '@/lib/route-guard';

const GUARD: GuardFlags = { requireAuth: true, requireOnboarding: true, allowedRoles: ['artist', 'brand', 'admin'] };

export const Route = createFileRoute('/collaborations')({
  beforeLoad: guardRoute(GUARD),
  pendingComponent: () => <GuardPending flags={GUARD} />,
  pendingMs: 0,
  pendingMinMs: 0,
  head: () => ({ meta: [{ title: 'Collaboration Hub · Bucket' }] }),
  component: CollaborationsPage,
});
