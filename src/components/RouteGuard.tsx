import { Navigate } from '@tanstack/react-router';
import { useDeferredValue, type ReactNode } from 'react';
import { decideGuard, type GuardFlags } from '@/lib/guard';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { CenteredLoader } from './CenteredLoader';

/** The guard's default while it cannot decide: a centred loader with the guard's text. */
export const centredLoader = (text: string) => <CenteredLoader text={text} />;

/** Wraps a page with the spec's guard (auth, onboarding, allowed roles). Reacts to sign-out at once. */
export function RouteGuard({
  children,
  loading = centredLoader,
  ...flags
}: GuardFlags & {
  children: ReactNode;
  /** What shows while the guard cannot decide yet (a page's own skeleton); a centred loader by default. */
  loading?: (text: string) => ReactNode;
}) {
  const snapshot = useAuthSnapshot();
  const decision = decideGuard(snapshot, flags);
  // The auth snapshot is an external store, rendered synchronously: letting a page in directly would
  // render a whole dashboard in one long task. A deferred render lets React render it in slices
  // (the loader stays until it is ready). Loading and redirects (a sign-out) apply at once.
  const allowed = useDeferredValue(decision.kind === 'allow', false);
  if (decision.kind === 'loading') return loading(decision.text);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (!allowed) return loading('Loading...');
  return <>{children}</>;
}
