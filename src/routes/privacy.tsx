import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@/features/legal/PrivacyPage';

export const Route = createFileRoute('/privacy')({
  head: () => ({ meta: [{ title: 'Privacy Policy · Bucket' }] }),
  component: PrivacyPage,
});
