/**
 * "Welcome Back" is for someone who has signed in on this device before, not for a first visit.
 * The mark holds no identity (not the e-mail): only that a sign-in happened here. It stays after
 * sign-out, which is when a returning visitor meets the sign-in form again.
 */
import { useSyncExternalStore } from 'react';

export const RETURNING_KEY = 'bucket-returning';

export function markReturning(storage: Pick<Storage, 'setItem'>): void {
  try {
    storage.setItem(RETURNING_KEY, '1');
  } catch {
    // Storage refused (private mode): the next visit is greeted as a first one.
  }
}

export function isReturning(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(RETURNING_KEY) === '1';
  } catch {
    return false;
  }
}

/** The sign-in heading for this device: a first visit is welcomed, a returning one welcomed back. */
export function signInHeading(returning: boolean): string {
  return returning ? 'Welcome Back' : 'Welcome to Bucket';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * What this device says. While hydrating a prerendered page React uses the server's answer (a
 * first visit, as the HTML was rendered), then this one: the heading's words change in place,
 * its line does not move. A page rendered on the client has the right words from the start.
 */
export function useReturningVisitor(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isReturning(window.localStorage),
    () => false,
  );
}
