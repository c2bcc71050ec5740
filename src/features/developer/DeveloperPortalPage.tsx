import { PageFrame } from '../../components/PageFrame';

/** Developer Portal — the screen's frame; its feature issue fills it in. */
export function DeveloperPortalPage() {
  return <PageFrame title="Developer Portal" description="OAuth applications, analytics, webhooks and API docs." />;
}
