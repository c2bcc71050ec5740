import { createFileRoute } from '@tanstack/react-router';
import { RouteGuard } from '@/components/RouteGuard';
import { MediaIdSettingsPage } from '@/features/mediaid/settings/MediaIdSettingsPage';

function GuardedMediaIdSettings() {
  return (
    <RouteGuard requireAuth requireOnboarding>
      <MediaIdSettingsPage />
    </RouteGuard>
  );
}

export const Route = createFileRoute('/settings/mediaid')({
  head: () => ({ meta: [{ title: 'MediaID settings · Bucket' }] }),
  component: GuardedMediaIdSettings,
});
