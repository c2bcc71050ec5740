import { createFileRoute } from '@tanstack/react-router';
import { WelcomePage } from '@/features/auth/WelcomePage';

export const Route = createFileRoute('/welcome')({
  head: () => ({ meta: [{ title: 'Welcome · Bucket' }] }),
  component: WelcomePage,
});
