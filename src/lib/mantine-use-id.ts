/**
 * Mantine's `useId` (@mantine/hooks), as the build uses it (scripts/mantine-use-id-plugin.ts).
 *
 * Mantine's own first returns an id derived from React's `useId`, then replaces it with a random
 * one in a layout effect on mount. That setState re-renders every component using it (inputs,
 * menus, popovers, tooltips, grids…) once more, synchronously, in the same task as the commit that
 * mounted them: on the fan dashboard, a second blocking render of most of the page. React's ids are
 * already unique within the root and stable for a component's lifetime, so this keeps Mantine's
 * first value (same format: a prerendered page hydrates with the ids its server render wrote).
 */
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/:/g, '')}`;
}
