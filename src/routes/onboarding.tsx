import { createFileRoute } from '@tanstack/react-router';
import { guarded } from '@/components/route-guard';
import { OnboardingPage } from '@/features/onboarding/OnboardingPage';
import { isSelfSignupRole, type SelfSignupRole } from '@/lib/roles';

export interface OnboardingSearch {
  /** The role to set up, e.g. from the role switcher. */
  role?: SelfSignupRole;
}

function Onboarding() {
  const { role } = Route.useSearch();
  return <OnboardingPage targetRole={role} />;
}

export const Route = createFileRoute('/onboarding')({
  // Onboarding needs authentication only.
  ...guarded({ requireAuth: true }),
  head: () => ({ meta: [{ title: 'Onboarding · Bucket' }] }),
  validateSearch: (search: Record<string, unknown>): OnboardingSearch => ({
    role: isSelfSignupRole(search.role) ? search.role : undefined,
  }),
  component: Onboarding,
});
