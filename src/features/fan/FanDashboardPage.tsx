import { PageFrame } from '../../components/PageFrame';

/** Fan Dashboard — the screen's frame; its feature issue fills it in. */
export function FanDashboardPage() {
  return <PageFrame title="Fan Dashboard" description="Your feed, Daily Locker and Daily Rewards." />;
}
