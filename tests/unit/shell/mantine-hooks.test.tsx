// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { useId, useMediaQuery } from '@mantine/hooks';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColorSchemeToggle } from '../../../src/components/ColorSchemeToggle';
import { reactRootPerTest } from '../react-root';

const dom = reactRootPerTest();
afterEach(() => {
  vi.restoreAllMocks();
});

/** A matchMedia whose one query can be flipped, as a phone's settings would. */
function fakeMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<(event: { matches: boolean }) => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return matches;
        },
        media: query,
        addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    set(next: boolean) {
      matches = next;
      for (const listener of listeners) listener({ matches: next });
    },
    listeners,
  };
}

function Probe({ log }: { log: boolean[] }) {
  const reduce = useMediaQuery('(prefers-reduced-motion: reduce)');
  log.push(reduce);
  return <p>{String(reduce)}</p>;
}

// patches/@mantine+hooks+9.7.3.patch (applied by patch-package on install): these fail if it is not.
describe("Mantine's useMediaQuery, as patched", () => {
  it('renders once when the query does not match (no second render from undefined to false)', () => {
    fakeMedia(false);
    const log: boolean[] = [];
    act(() => dom.root.render(<Probe log={log} />));
    expect(log).toEqual([false]);
  });

  it('follows a query that matches, and its changes, and stops listening on unmount', () => {
    const media = fakeMedia(true);
    const log: boolean[] = [];
    act(() => dom.root.render(<Probe log={log} />));
    expect(dom.container.textContent).toBe('true');
    act(() => media.set(false));
    expect(dom.container.textContent).toBe('false');
    act(() => dom.root.render(null));
    expect(media.listeners.size).toBe(0);
  });

  it('reads the query during the first render when asked to (getInitialValueInEffect: false)', () => {
    fakeMedia(true);
    const log: boolean[] = [];
    function Eager() {
      const value = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
      log.push(value);
      return null;
    }
    act(() => dom.root.render(<Eager />));
    expect(log).toEqual([true]);
  });
});

describe("Mantine's useId, as patched", () => {
  it("keeps the id of the first render (React's), with no second render on mount", () => {
    const ids: string[] = [];
    function Field() {
      const id = useId();
      ids.push(id);
      return <input id={id} />;
    }
    act(() => dom.root.render(<Field />));
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^mantine-/);
    expect(dom.container.querySelector('input')!.id).toBe(ids[0]);
  });

  it('returns a static id as given', () => {
    function Field() {
      return <input id={useId('email')} />;
    }
    act(() => dom.root.render(<Field />));
    expect(dom.container.querySelector('input')!.id).toBe('email');
  });
});

describe('ColorSchemeToggle', () => {
  it('offers the other scheme than the one applied to the page, and switches it', () => {
    fakeMedia(false);
    act(() =>
      dom.root.render(
        <MantineProvider defaultColorScheme="dark">
          <ColorSchemeToggle />
        </MantineProvider>,
      ),
    );
    const button = () => dom.container.querySelector('button')!;
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(button().getAttribute('aria-label')).toBe('Switch to light theme');
    act(() => button().click());
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(button().getAttribute('aria-label')).toBe('Switch to dark theme');
    act(() => button().click());
    expect(button().getAttribute('aria-label')).toBe('Switch to light theme');
  });
});
