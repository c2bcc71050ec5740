/**
 * Mantine's `useMediaQuery` (@mantine/hooks), as the build uses it (scripts/mantine-use-id-plugin.ts).
 *
 * Mantine's own starts from `initialValue` when it reads the query in an effect (its default), and
 * most callers pass none: `useReducedMotion()`, which every `Transition` calls (every Button's
 * loader, menus, popovers, tooltips, modals…). The state then goes from `undefined` to `false` in
 * the mount's passive effect even when the query does not match: one more render of every
 * component that just mounted, as its own default-priority (blocking) task. It always returned
 * `matches || false`, so starting from `false` renders the same first value, on the server too;
 * a query that matches still updates in the effect, as before.
 */
import { useEffect, useState } from 'react';

function readQuery(query: string, initialValue: boolean | undefined): boolean {
  if (typeof initialValue === 'boolean') return initialValue;
  if (typeof window !== 'undefined' && 'matchMedia' in window) {
    try {
      return window.matchMedia(query).matches;
    } catch {
      return false;
    }
  }
  return false;
}

export interface UseMediaQueryOptions {
  getInitialValueInEffect: boolean;
}

export function useMediaQuery(
  query: string,
  initialValue?: boolean,
  { getInitialValueInEffect }: UseMediaQueryOptions = { getInitialValueInEffect: true },
): boolean {
  const [matches, setMatches] = useState<boolean>(() =>
    getInitialValueInEffect ? (initialValue ?? false) : readQuery(query, initialValue),
  );
  useEffect(() => {
    if (typeof window === 'undefined' || !('matchMedia' in window)) return undefined;
    let mediaQuery: MediaQueryList;
    try {
      mediaQuery = window.matchMedia(query);
    } catch {
      return undefined;
    }
    // Mantine's contract (getInitialValueInEffect): read after mount, so that a prerendered page
    // hydrates with its server's value; a no-op when it is the value already held.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMatches(mediaQuery.matches);
    const onChange = (event: MediaQueryListEvent) => setMatches(event.matches);
    mediaQuery.addEventListener('change', onChange);
    return () => mediaQuery.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
