import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { decideGuard, type GuardFlags } from '../lib/guard';
import { useAuthSnapshot } from '../lib/use-auth-snapshot';
import { CenteredLoader } from './CenteredLoader';

/** Wraps a page with the spec's guard (auth, onboarding, allowed roles). Reacts to sign-out at once. */
export function RouteGuard({ children, ...flags }: GuardFlags & { children: ReactNode }) {
  const snapshot = useAuthSnapshot();
  const decision = decideGuard(snapshot, flags);
  if (decision.kind === 'loading') return <CenteredLoader text={decision.text} />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
