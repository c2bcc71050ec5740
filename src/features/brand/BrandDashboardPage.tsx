import { PageFrame } from '../../components/PageFrame';

/** Brand Dashboard — the screen's frame; its feature issue fills it in. */
export function BrandDashboardPage() {
  return <PageFrame title="Brand Dashboard" description="Campaign reach, engaged fans and artist partnerships." />;
}
