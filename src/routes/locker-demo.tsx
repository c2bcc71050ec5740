import { createFileRoute } from '@tanstack/react-router';
import { LockerDemoPage } from '@/features/demo/LockerDemoPage';

export const Route = createFileRoute('/locker-demo')({
  head: () => ({ meta: [{ title: 'Locker Demo · Bucket' }] }),
  component: LockerDemoPage,
});
