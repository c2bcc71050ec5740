import { createFileRoute } from '@tanstack/react-router';
import { RouteGuard } from '../components/RouteGuard';
import { OnboardingPage } from '../features/onboarding/OnboardingPage';

/** Onboarding needs authentication only (spec §2 route guard). */
function GuardedOnboarding() {
  return (
    <RouteGuard requireAuth>
      <OnboardingPage />
    </RouteGuard>
  );
}

export const Route = createFileRoute('/onboarding')({
  head: () => ({ meta: [{ title: 'Onboarding · Bucket' }] }),
  component: GuardedOnboarding,
});
