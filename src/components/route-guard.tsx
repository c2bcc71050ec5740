/**
 * The spec's route guard (auth, onboarding, allowed roles) as TanStack Router's own mechanism: a
 * `beforeLoad` that waits for the auth state to decide and throws `redirect`, and a pending
 * component that shows the guard's loading text meanwhile.
 * Invariants: the decision is `decideGuard`'s, nothing else; a preload never waits for the profile
 * nor redirects (the navigation that follows decides); a guard that is waiting gives up when its
 * navigation is cancelled. A later change of the auth state reaches a page already shown through
 * `invalidateOnGuardChange` (router.invalidate re-runs the guards of the current matches).
 */
import { redirect } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { decideGuard, guardInputs, type GuardDecision, type GuardFlags } from '@/lib/guard';
import type { AuthStateSource } from '@/lib/auth-state';
import type { RouterContext } from '@/lib/router-context';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { CenteredLoader } from './CenteredLoader';

const waiting = new Set<() => void>();

/** Resolves when a guard next has to wait for the auth state (the page's start-up must not wait for it). */
export function aGuardWaits(): Promise<void> {
  return new Promise((resolve) => waiting.add(resolve));
}

/** The guard's decision once it is no longer 'loading' (a lazily loaded source starts loading now). */
function decided(auth: AuthStateSource, flags: GuardFlags, signal: AbortSignal): GuardDecision | Promise<GuardDecision> {
  const now = decideGuard(auth.getSnapshot(), flags);
  if (now.kind !== 'loading') return now;
  auth.activate?.();
  for (const notify of waiting) notify();
  waiting.clear();
  return new Promise((resolve) => {
    const done = (decision: GuardDecision) => {
      unsubscribe();
      signal.removeEventListener('abort', cancel);
      resolve(decision);
    };
    // A cancelled navigation's guard stops listening; the router ignores what it would answer.
    const cancel = () => done(now);
    const unsubscribe = auth.subscribe(() => {
      const next = decideGuard(auth.getSnapshot(), flags);
      if (next.kind !== 'loading') done(next);
    });
    signal.addEventListener('abort', cancel, { once: true });
    // activate() may have settled the state before the subscription
    const settled = decideGuard(auth.getSnapshot(), flags);
    if (settled.kind !== 'loading') done(settled);
  });
}

function follow(decision: GuardDecision): void {
  if (decision.kind === 'redirect') throw redirect({ to: decision.to, replace: true });
}

interface GuardArgs {
  context: RouterContext;
  preload: boolean;
  abortController: AbortController;
}

/**
 * A route's `beforeLoad`: lets the navigation in, waits while the session or profile loads, or
 * redirects (to /welcome, /onboarding or /unauthorized). Synchronous when the state is known.
 */
export function guardRoute(flags: GuardFlags) {
  return ({ context, preload, abortController }: GuardArgs): void | Promise<void> => {
    if (preload) return;
    const decision = decided(context.auth, flags, abortController.signal);
    if (decision instanceof Promise) return decision.then(follow);
    follow(decision);
  };
}

/** The default while a guard waits: a centred loader with the guard's text. */
export const centredLoader = (text: string) => <CenteredLoader text={text} />;

/**
 * A guarded route's `pendingComponent`: the guard's loading text ('Loading...' while the session is
 * read, 'Loading your profile...' while the profile is), in the page's own loading layout.
 */
export function guardPending(flags: GuardFlags, loading: (text: string) => ReactNode = centredLoader) {
  return function GuardPending() {
    const decision = decideGuard(useAuthSnapshot(), flags);
    return loading(decision.kind === 'loading' ? decision.text : 'Loading...');
  };
}

/** The route options a guarded route spreads: its guard, its loading screen shown at once. */
export function guarded(flags: GuardFlags, loading?: (text: string) => ReactNode) {
  return {
    beforeLoad: guardRoute(flags),
    pendingComponent: guardPending(flags, loading),
    // The spec's loading text shows while the guard waits, from the first frame, and goes as soon
    // as it decides (TanStack's defaults wait 1 s before it, then keep it 0.5 s).
    pendingMs: 0,
    pendingMinMs: 0,
  };
}

/**
 * Re-runs the current routes' guards (router.invalidate) whenever what a guard decides on changes
 * once it is known: a sign-out, another user, a role switch, a finished onboarding. A page already
 * shown leaves at once when its guard no longer allows it. Changes while loading wait: the guard
 * that waits decides itself. Returns the unsubscribe.
 */
export function invalidateOnGuardChange(router: { invalidate(): Promise<void> }, auth: AuthStateSource): () => void {
  let last = guardInputs(auth.getSnapshot());
  return auth.subscribe(() => {
    const next = guardInputs(auth.getSnapshot());
    if (next === null || next === last) return;
    const changed = last !== null;
    last = next;
    if (changed) void router.invalidate();
  });
}
