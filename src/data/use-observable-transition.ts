// Subscribes a component to an RxJS observable and applies each value in a React transition:
// sync-driven updates (a first sync lands many rows) then render in interruptible slices instead
// of one long task, while what the user types or clicks keeps its priority. The observable must
// be memoised by the caller; `initial` is returned until it emits (and again when it changes).
import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

export function useObservableTransition<T>(source: Observable<T> | null, initial: T): T {
  const [state, setState] = useState<{ source: Observable<T> | null; value: T }>({ source: null, value: initial });
  useEffect(() => {
    if (!source) return undefined;
    const subscription = source.subscribe((value) => startTransition(() => setState({ source, value })));
    return () => subscription.unsubscribe();
  }, [source]);
  return state.source === source && source ? state.value : initial;
}
