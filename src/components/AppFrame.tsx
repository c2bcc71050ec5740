import type { ReactNode } from 'react';
import classes from './AppFrame.module.css';

/**
 * The page frame: a fixed header over the main area, in plain CSS. Not Mantine's AppShell: it sets
 * state in its first layout effects (its `useId` always re-rolls the id; `useResizing`), and as a
 * context provider that re-render reaches the still dehydrated route content of a prerendered
 * page: React then hydrates the whole page at once, synchronously (one long task of ~100 ms on
 * this machine), instead of in the idle-priority slices it uses otherwise. The frame needs none of
 * AppShell's features (no navbar, aside or footer), so it copies none of its internals either.
 */
export function AppFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.frame}>
      {/* react-remove-scroll's documented class: the header keeps its place while a modal locks scroll */}
      <header className={`${classes.header} right-scroll-bar-position`}>{header}</header>
      <main className={classes.main}>{children}</main>
    </div>
  );
}
