import { createFileRoute } from '@tanstack/react-router';
import { BTIPage } from '@/features/demo/BTIPage';

export const Route = createFileRoute('/BTI')({
  head: () => ({ meta: [{ title: 'BTI Artist · Bucket' }] }),
  component: BTIPage,
});
