/**
 * The spec's route guard (auth, onboarding, allowed roles) as TanStack Router's own mechanism: a
 * `beforeLoad` that waits for the auth state to decide and throws `redirect`; the route's pending
 * component (components/GuardPending) shows the guard's loading text meanwhile. No React or UI
 * here: route files import it into the entry bundle, where every page pays for it.
 * Invariants: the decision is `decideGuard`'s, nothing else; a preload never waits for the profile
 * nor redirects (the navigation that follows decides); a guard that is waiting gives up when its
 * navigation is cancelled. A later change of the auth state reaches a page already shown through
 * `invalidateOnGuardChange` (router.invalidate re-runs the guards of the current matches).
 */
import { redirect } from '@tanstack/react-router';
import type { AuthStateSource } from './auth-state';
import { decideGuard, guardInputs, type GuardDecision, type GuardFlags } from './guard';
import type { RouterContext } from './router-context';

const waiting = new Set<() => void>();

/** Resolves when a guard next has to wait for the auth state (the page's start-up must not wait for it). */
export function aGuardWaits(): Promise<void> {
  return new Promise((resolve) => waiting.add(resolve));
}

/** The guard's decision once it is no longer 'loading' (a lazily loaded source starts loading now). */
function decided(
  auth: AuthStateSource,
  flags: GuardFlags,
  signal: AbortSignal,
): GuardDecision | Promise<GuardDecision> {
  const now = decideGuard(auth.getSnapshot(), flags);
  if (now.kind !== 'loading') return now;
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
    const check = () => {
      const next = decideGuard(auth.getSnapshot(), flags);
      if (next.kind !== 'loading') done(next);
    };
    const unsubscribe = auth.subscribe(check);
    signal.addEventListener('abort', cancel, { once: true });
    // listening first: activate() may settle the state at once
    auth.activate?.();
    check();
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
