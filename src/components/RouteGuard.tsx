import { Navigate } from '@tanstack/react-router';
import { useDeferredValue, type ReactNode } from 'react';
import { decideGuard, type GuardFlags } from '../lib/guard';
import { useAuthSnapshot } from '../lib/use-auth-snapshot';
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
  // The auth snapshot is an external store, whose updates React renders synchronously: letting a
  // page in used to render the whole page (a dashboard) in one long task. The page is let in as a
  // deferred render instead, which React renders in slices, yielding to input and paint between
  // them (the loader stays until it is ready). Loading and redirects (a sign-out) apply at once.
  const allowed = useDeferredValue(decision.kind === 'allow', false);
  if (decision.kind === 'loading') return loading(decision.text);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (!allowed) return loading('Loading...');
  return <>{children}</>;
}
