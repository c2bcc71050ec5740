// @vitest-environment happy-dom
import { act, Suspense, use, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useStoreValue } from '../../../src/lib/use-store-value';
import { reactRootPerTest } from '../react-root';

/** A minimal external store (the shape of the auth source, RxDB observables and Dexie live queries). */
function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}
type Store<T> = ReturnType<typeof createStore<T>>;

const dom = reactRootPerTest();

function render(node: ReactNode) {
  act(() => dom.root.render(node));
}

function Value({ store, log }: { store: Store<string>; log?: string[] }) {
  const value = useStoreValue(store.subscribe, store.get);
  log?.push(value);
  return <p>{value}</p>;
}

describe('useStoreValue', () => {
  it('renders the store, then each change, and unsubscribes on unmount', () => {
    const store = createStore('first');
    render(<Value store={store} />);
    expect(dom.container.textContent).toBe('first');
    act(() => store.set('second'));
    expect(dom.container.textContent).toBe('second');
    act(() => dom.root.render(null));
    expect(store.listeners.size).toBe(0);
  });

  it('picks up a change made between the render and the subscription', () => {
    const store = createStore('before');
    function ChangesOnMount() {
      const value = useStoreValue(store.subscribe, store.get);
      return <p>{value}</p>;
    }
    act(() => {
      dom.root.render(<ChangesOnMount />);
      // Rendered, not yet subscribed (effects have not run inside this act yet).
      store.set('after');
    });
    expect(dom.container.textContent).toBe('after');
  });

  it('renders a change in a transition: what is on screen stays while the new value suspends', async () => {
    const store = createStore('ready');
    const never = new Promise<never>(() => undefined);
    function Suspending() {
      const value = useStoreValue(store.subscribe, store.get);
      if (value === 'slow') use(never);
      return <p>{value}</p>;
    }
    render(
      <Suspense fallback={<p>loading</p>}>
        <Suspending />
      </Suspense>,
    );
    expect(dom.container.textContent).toBe('ready');
    // A synchronous store update (useSyncExternalStore) would replace the screen by the fallback.
    await act(async () => store.set('slow'));
    expect(dom.container.textContent).toBe('ready');
  });

  it('renders a change its `urgent` check picks at once, and the others in a transition', async () => {
    const store = createStore('ready');
    const never = new Promise<never>(() => undefined);
    const urgent = (_: string, next: string) => next.startsWith('now');
    function Suspending() {
      const value = useStoreValue(store.subscribe, store.get, urgent);
      if (value.endsWith('slow')) use(never);
      return <p>{value}</p>;
    }
    render(
      <Suspense fallback={<p>loading</p>}>
        <Suspending />
      </Suspense>,
    );
    await act(async () => store.set('later slow'));
    expect(dom.container.textContent).toBe('ready');
    expect(dom.container.textContent).not.toContain('loading');
    await act(async () => store.set('now'));
    expect(dom.container.textContent).toBe('now');
    // Urgent: not held back by a transition, so the suspending value shows the fallback (React
    // keeps the hidden content in the DOM beside it).
    await act(async () => store.set('now slow'));
    expect(dom.container.textContent).toContain('loading');
  });

  it('reads a new store at once when it replaces the old one, and leaves the old one', () => {
    const a = createStore('from a');
    const b = createStore('from b');
    const log: string[] = [];
    render(<Value store={a} log={log} />);
    log.length = 0;
    render(<Value store={b} log={log} />);
    expect(log).not.toContain('from a');
    expect(dom.container.textContent).toBe('from b');
    expect(a.listeners.size).toBe(0);
    expect(b.listeners.size).toBe(1);
    act(() => a.set('late a'));
    expect(dom.container.textContent).toBe('from b');
  });
});
