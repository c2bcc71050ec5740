import { createFileRoute } from '@tanstack/react-router';
import { GuardPending } from '@/components/GuardPending';
import { MediaIdSettingsPage } from '@/features/mediaid/settings/MediaIdSettingsPage';
import type { GuardFlags } from '@/lib/guard';
import { guardRoute } from '@/lib/route-guard';

const GUARD: GuardFlags = { requireAuth: true, requireOnboarding: true };

export const Route = createFileRoute('/settings/mediaid')({
  beforeLoad: guardRoute(GUARD),
  pendingComponent: () => <GuardPending flags={GUARD} />,
  pendingMs: 0,
  pendingMinMs: 0,
  head: () => ({ meta: [{ title: 'MediaID settings · Bucket' }] }),
  component: MediaIdSettingsPage,
});
