import { PageFrame } from '../../components/PageFrame';

/** Artist Dashboard — the screen's frame; its feature issue fills it in. */
export function ArtistDashboardPage() {
  return <PageFrame title="Artist Dashboard" description="Streams, locker access, fan conversion and your uploads." />;
}
