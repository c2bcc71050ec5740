// Subscribes a component to an RxJS observable through useSyncExternalStore. The observable
// must be memoised by the caller (same instance across renders) and `initial` a stable value.
import { useMemo, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

interface Store<T> {
  subscribe: (onChange: () => void) => () => void;
  get: () => T;
}

function createStore<T>(source: Observable<T>, initial: T): Store<T> {
  let value = initial;
  return {
    subscribe(onChange) {
      const sub = source.subscribe((next) => {
        value = next;
        onChange();
      });
      return () => sub.unsubscribe();
    },
    get: () => value,
  };
}

const noopSubscribe = () => () => undefined;

export function useObservableValue<T>(source: Observable<T> | null, initial: T): T {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is only the first value
  const store = useMemo(() => (source ? createStore(source, initial) : null), [source]);
  return useSyncExternalStore(
    store ? store.subscribe : noopSubscribe,
    store ? store.get : () => initial,
    store ? store.get : () => initial,
  );
}
