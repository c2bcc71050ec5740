import type { AuthSnapshot, AuthStateSource } from './auth-state';

/** Resolves true once the source's snapshot satisfies the predicate, false after the timeout. */
export function waitForSnapshot(
  source: AuthStateSource,
  predicate: (snapshot: AuthSnapshot) => boolean,
  timeoutMs = 5000,
): Promise<boolean> {
  if (predicate(source.getSnapshot())) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, timeoutMs);
    const unsubscribe = source.subscribe(() => {
      if (!predicate(source.getSnapshot())) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}
