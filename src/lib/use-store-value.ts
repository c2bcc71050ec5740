import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * An external store's value as React state whose changes render in a transition.
 *
 * `useSyncExternalStore` renders every store change synchronously (SyncLane), and a change that
 * lands while a concurrent render is under way turns that render synchronous too: on a phone the
 * first screen then commits in one long task per database emission or auth change. Here a change
 * is a transition (rendered in interruptible slices, batched with the changes around it), and the
 * value each component renders is React state, so one commit never mixes old and new values.
 *
 * `subscribe` identifies the store: when it changes, the new store is read at once during render.
 * `getSnapshot` must return the same value while the store is unchanged (compared with Object.is).
 */
export function useStoreValue<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  /** A change this says is urgent renders at once (default priority), not as a transition. */
  urgent?: (previous: T, next: T) => boolean,
): T {
  const [state, setState] = useState(() => ({ subscribe, value: getSnapshot() }));
  const value = state.subscribe === subscribe ? state.value : getSnapshot();
  const latest = useRef(getSnapshot);
  useEffect(() => {
    latest.current = getSnapshot;
  }, [getSnapshot]);

  useEffect(() => {
    let last = value;
    let ownState = state.subscribe === subscribe;
    const check = () => {
      const next = latest.current();
      if (ownState && Object.is(next, last)) return;
      const now = urgent?.(last, next) ?? false;
      last = next;
      ownState = true;
      if (now) setState({ subscribe, value: next });
      else startTransition(() => setState({ subscribe, value: next }));
    };
    const unsubscribe = subscribe(check);
    // A change between this render and the subscription, or the first state of a new store.
    check();
    return unsubscribe;
    // Only a new store re-subscribes; `value`/`state` are the render's, read once here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subscribe]);

  return value;
}
