// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineHookReplacements } from '../../../scripts/mantine-use-id-plugin';
import { ColorSchemeToggle } from '../../../src/components/ColorSchemeToggle';
import { useMediaQuery } from '../../../src/lib/mantine-use-media-query';
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

describe("Mantine's useMediaQuery, as the build uses it", () => {
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

describe('the build points @mantine/hooks at these hooks', () => {
  const plugin = mantineHookReplacements();
  const resolve = (source: string, importer: string | undefined) =>
    (plugin.resolveId as (source: string, importer: string | undefined) => string | null)(source, importer);
  const hooksIndex = '/app/node_modules/@mantine/hooks/esm/index.mjs';

  it("redirects @mantine/hooks' own imports of useId and useMediaQuery", () => {
    expect(resolve('./use-id/use-id.mjs', hooksIndex)).toMatch(/src\/lib\/mantine-use-id\.ts$/);
    expect(resolve('./use-media-query/use-media-query.mjs', hooksIndex)).toMatch(
      /src\/lib\/mantine-use-media-query\.ts$/,
    );
    expect(
      resolve(
        '../use-media-query/use-media-query.mjs',
        '/app/node_modules/@mantine/hooks/esm/use-reduced-motion/x.mjs',
      ),
    ).toMatch(/mantine-use-media-query\.ts$/);
  });

  it('leaves every other import alone', () => {
    expect(resolve('./use-media-query/use-media-query.mjs', '/app/src/somewhere.ts')).toBeNull();
    expect(resolve('./use-hover/use-hover.mjs', hooksIndex)).toBeNull();
    expect(resolve('react', undefined)).toBeNull();
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
