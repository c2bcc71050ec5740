import { AppShell } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/** Header height (Mantine AppShell `header={{ height: 56 }}`, in rem so it scales as Mantine's does). */
const HEADER = 'calc(3.5rem * var(--mantine-scale))';
const ROOT_VARS = {
  '--app-shell-header-height': HEADER,
  '--app-shell-header-offset': HEADER,
  '--app-shell-padding': '0px',
  '--app-shell-transition-duration': '200ms',
  '--app-shell-transition-timing-function': 'ease',
} as CSSProperties;
const HEADER_VARS = { '--app-shell-header-z-index': 100 } as CSSProperties;

/**
 * The page frame: a fixed header over the main area, with Mantine AppShell's own classes and
 * variables (fixed mode, 56 px header, bordered, no padding), but stateless. Mantine's AppShell
 * sets state in its first layout effects (its `useId` always re-rolls the id; `useResizing`), and
 * as a context provider that re-render reaches the still dehydrated route content of a
 * prerendered page: React then hydrates the whole page at once, synchronously (one long task
 * of ~100 ms on this machine), instead of in the idle-priority slices it uses otherwise.
 */
export function AppFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  const classes = AppShell.classes;
  return (
    <div className={`${classes.root} mantine-AppShell-root`} data-mode="fixed" style={ROOT_VARS}>
      <header
        className={`${classes.header} mantine-AppShell-header right-scroll-bar-position`}
        data-with-border="true"
        style={HEADER_VARS}
      >
        {header}
      </header>
      <main className={`${classes.main} mantine-AppShell-main`}>{children}</main>
    </div>
  );
}
