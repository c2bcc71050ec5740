import { PageFrame } from '../../components/PageFrame';

/** Test Dashboard — the screen's frame; its feature issue fills it in. */
export function TestDashboardPage() {
  return <PageFrame title="Test Dashboard" description="Switch between every screen of Bucket with a mock role." />;
}
