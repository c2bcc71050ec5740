import { createFileRoute } from '@tanstack/react-router';
import { GuardPending } from '@/components/GuardPending';
import { OnboardingPage } from '@/features/onboarding/OnboardingPage';
import type { GuardFlags } from '@/lib/guard';
import { isSelfSignupRole, type SelfSignupRole } from '@/lib/roles';
import { guardRoute } from '@/lib/route-guard';

/** Onboarding needs authentication only. */
const GUARD: GuardFlags = { requireAuth: true };

export interface OnboardingSearch {
  /** The role to set up, e.g. from the role switcher. */
  role?: SelfSignupRole;
}

function Onboarding() {
  const { role } = Route.useSearch();
  return <OnboardingPage targetRole={role} />;
}

export const Route = createFileRoute('/onboarding')({
  beforeLoad: guardRoute(GUARD),
  pendingComponent: () => <GuardPending flags={GUARD} />,
  pendingMs: 0,
  pendingMinMs: 0,
  head: () => ({ meta: [{ title: 'Onboarding · Bucket' }] }),
  validateSearch: (search: Record<string, unknown>): OnboardingSearch => ({
    role: isSelfSignupRole(search.role) ? search.role : undefined,
  }),
  component: Onboarding,
});
