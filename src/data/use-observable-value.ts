// Subscribes a component to an RxJS observable; each emission renders in a transition (see
// useStoreValue), so a first sync landing many rows renders in interruptible slices while what the
// user types or clicks keeps its priority. The observable must be memoised by the caller (same
// instance across renders); `initial` (a stable value) is returned until it emits, and again when
// the observable changes.
import { useMemo } from 'react';
import type { Observable, Subscription } from 'rxjs';
import { useStoreValue } from '@/lib/use-store-value';

interface Store<T> {
  subscribe: (onChange: () => void) => () => void;
  get: () => T;
}

/**
 * Subscriptions waiting to start, one per task in order, on one timer at a time: a screen mounting
 * a dozen queries creates one timer in React's effects phase, not a dozen (with async stack traces
 * on, as in DevTools or Lighthouse, each captures that deep stack).
 */
const waiting: (() => void)[] = [];

function startNext() {
  waiting.shift()?.();
  if (waiting.length > 0) setTimeout(startNext, 0);
}

/** Runs `start` in a later task of its own; the returned function cancels it if still waiting. */
function startInOwnTask(start: () => void): () => void {
  waiting.push(start);
  if (waiting.length === 1) setTimeout(startNext, 0);
  return () => {
    const index = waiting.indexOf(start);
    if (index >= 0) waiting.splice(index, 1);
  };
}

function createStore<T>(source: Observable<T>, initial: T): Store<T> {
  let value = initial;
  return {
    subscribe(onChange) {
      // In a task of its own, not in React's effects phase: subscribing to an RxDB query sets up
      // its pipeline and checks its cached results (milliseconds each), and a screen mounting a
      // dozen of them would otherwise do all of that in one long task after its commit. The
      // results come from the storage worker asynchronously anyway.
      let sub: Subscription | undefined;
      const cancel = startInOwnTask(() => {
        sub = source.subscribe((next) => {
          value = next;
          onChange();
        });
      });
      return () => {
        cancel();
        sub?.unsubscribe();
      };
    },
    get: () => value,
  };
}

function constantStore<T>(value: T): Store<T> {
  return { subscribe: () => () => undefined, get: () => value };
}

export function useObservableValue<T>(source: Observable<T> | null, initial: T): T {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is only the first value
  const store = useMemo(() => (source ? createStore(source, initial) : constantStore(initial)), [source]);
  return useStoreValue(store.subscribe, store.get);
}
