import { PageFrame } from '../../components/PageFrame';

/** Welcome to Bucket! — the screen's frame; its feature issue fills it in. */
export function OnboardingPage() {
  return <PageFrame title="Welcome to Bucket!" description="Set up your MediaID: interests, privacy and experience." />;
}
