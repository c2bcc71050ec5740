import { createFileRoute } from '@tanstack/react-router';
import { TestDashboardPage } from './-testlab/TestDashboardPage';

export const Route = createFileRoute('/test')({
  head: () => ({ meta: [{ title: 'Test Dashboard · Bucket' }] }),
  component: TestDashboardPage,
});
