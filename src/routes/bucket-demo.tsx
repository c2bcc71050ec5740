import { createFileRoute } from '@tanstack/react-router';
import { BucketDemoPage } from '@/features/demo/BucketDemoPage';

export const Route = createFileRoute('/bucket-demo')({
  head: () => ({ meta: [{ title: 'Bucket Demo · Bucket' }] }),
  component: BucketDemoPage,
});
