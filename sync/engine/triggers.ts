/**
 * When to run a replication cycle besides local writes: on `online`, on tab focus or when the
 * tab becomes visible, and every `intervalMs` while visible. Invariants: a no-op outside
 * browsers except the interval; everything installed is removed by the returned disposer.
 */
import { BehaviorSubject, type Observable } from 'rxjs';

export interface TriggerHandlers {
  onTrigger: () => void;
  intervalMs: number;
  /** The interval's tick (while visible); default onTrigger. */
  onInterval?: () => void;
  /** Where `online`/`offline`/`focus` are heard; default `window`. */
  events?: EventTarget;
}

/** Where the engine learns about connectivity; default `window` events and `navigator.onLine`. */
export interface Connectivity {
  events?: EventTarget;
  isOnline(): boolean;
}

export function browserConnectivity(): Connectivity {
  const hasNavigator = typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean';
  const win = typeof window === 'undefined' || typeof window.addEventListener !== 'function' ? undefined : window;
  return { events: win, isOnline: () => (hasNavigator ? navigator.onLine : true) };
}

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

export function installTriggers({ onTrigger, intervalMs, onInterval = onTrigger, events }: TriggerHandlers): () => void {
  const disposers: Array<() => void> = [];
  const listen = (target: EventTarget | undefined, type: string, fn: () => void) => {
    if (!target || typeof target.addEventListener !== 'function') return;
    target.addEventListener(type, fn);
    disposers.push(() => target.removeEventListener(type, fn));
  };
  const win = events ?? (typeof window === 'undefined' ? undefined : window);
  const doc = typeof document === 'undefined' ? undefined : document;
  listen(win, 'online', onTrigger);
  listen(win, 'focus', onTrigger);
  listen(doc, 'visibilitychange', () => {
    if (isVisible()) onTrigger();
  });
  const timer = setInterval(() => {
    if (isVisible()) onInterval();
  }, intervalMs);
  disposers.push(() => clearInterval(timer));
  return () => disposers.splice(0).forEach((dispose) => dispose());
}

/** `navigator.onLine` (or the given connectivity) as an observable; always true where there is none. */
export function watchOnline(connectivity: Connectivity = browserConnectivity()): {
  online$: Observable<boolean>;
  dispose: () => void;
} {
  const online$ = new BehaviorSubject<boolean>(connectivity.isOnline());
  const target = connectivity.events;
  if (!target) return { online$, dispose: () => online$.complete() };
  const up = () => online$.next(true);
  const down = () => online$.next(false);
  target.addEventListener('online', up);
  target.addEventListener('offline', down);
  return {
    online$,
    dispose: () => {
      target.removeEventListener('online', up);
      target.removeEventListener('offline', down);
      online$.complete();
    },
  };
}
