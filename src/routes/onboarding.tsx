import { createFileRoute } from '@tanstack/react-router';
import { RouteGuard } from '@/components/RouteGuard';
import { OnboardingPage } from '@/features/onboarding/OnboardingPage';
import { isSelfSignupRole, type SelfSignupRole } from '@/lib/roles';

export interface OnboardingSearch {
  /** The role to set up, e.g. from the role switcher. */
  role?: SelfSignupRole;
}

/** Onboarding needs authentication only. */
function GuardedOnboarding() {
  const { role } = Route.useSearch();
  return (
    <RouteGuard requireAuth>
      <OnboardingPage targetRole={role} />
    </RouteGuard>
  );
}

export const Route = createFileRoute('/onboarding')({
  head: () => ({ meta: [{ title: 'Onboarding · Bucket' }] }),
  validateSearch: (search: Record<string, unknown>): OnboardingSearch => ({
    role: isSelfSignupRole(search.role) ? search.role : undefined,
  }),
  component: GuardedOnboarding,
});
