/**
 * When to run a replication cycle besides local writes: on `online`, on tab focus or when the
 * tab becomes visible, and every `intervalMs` while visible. Invariants: a no-op outside
 * browsers except the interval; everything installed is removed by the returned disposer.
 */
import { BehaviorSubject, type Observable } from 'rxjs';

export interface TriggerHandlers {
  onTrigger: () => void;
  intervalMs: number;
}

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

export function installTriggers({ onTrigger, intervalMs }: TriggerHandlers): () => void {
  const disposers: Array<() => void> = [];
  const listen = (target: EventTarget | undefined, type: string, fn: () => void) => {
    if (!target || typeof target.addEventListener !== 'function') return;
    target.addEventListener(type, fn);
    disposers.push(() => target.removeEventListener(type, fn));
  };
  const win = typeof window === 'undefined' ? undefined : window;
  const doc = typeof document === 'undefined' ? undefined : document;
  listen(win, 'online', onTrigger);
  listen(win, 'focus', onTrigger);
  listen(doc, 'visibilitychange', () => {
    if (isVisible()) onTrigger();
  });
  const timer = setInterval(() => {
    if (isVisible()) onTrigger();
  }, intervalMs);
  disposers.push(() => clearInterval(timer));
  return () => disposers.splice(0).forEach((dispose) => dispose());
}

/** `navigator.onLine` as an observable; always true where there is no navigator/window. */
export function watchOnline(): { online$: Observable<boolean>; dispose: () => void } {
  const hasNavigator = typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean';
  const online$ = new BehaviorSubject<boolean>(hasNavigator ? navigator.onLine : true);
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') {
    return { online$, dispose: () => online$.complete() };
  }
  const up = () => online$.next(true);
  const down = () => online$.next(false);
  window.addEventListener('online', up);
  window.addEventListener('offline', down);
  return {
    online$,
    dispose: () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      online$.complete();
    },
  };
}
