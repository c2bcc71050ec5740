import { createFileRoute } from '@tanstack/react-router';
import { guarded } from '@/components/route-guard';
import { MediaIdSettingsPage } from '@/features/mediaid/settings/MediaIdSettingsPage';

export const Route = createFileRoute('/settings/mediaid')({
  ...guarded({ requireAuth: true, requireOnboarding: true }),
  head: () => ({ meta: [{ title: 'MediaID settings · Bucket' }] }),
  component: MediaIdSettingsPage,
});
