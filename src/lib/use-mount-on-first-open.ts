import { useEffect, useState } from 'react';

/**
 * For an overlay (modal, menu dropdown) kept unmounted until it is first opened: whether to mount
 * it, and whether it is open. A closed Mantine overlay still mounts its portal, whose layout effect
 * re-renders it synchronously in the commit that mounted it: each one held closed cost the first
 * render of a page one such cascade. On its first opening the overlay mounts closed for one commit,
 * then opens, exactly as one mounted with the page would: its enter transition plays and, on
 * close, focus returns to what opened it. One opened from the start opens at once.
 */
export function useMountOnFirstOpen(opened: boolean): { mounted: boolean; opened: boolean } {
  const [ready, setReady] = useState(opened);
  useEffect(() => {
    // After the commit that mounted it closed: the open is a change, as Mantine expects.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed commit must come first
    if (opened) setReady(true);
  }, [opened]);
  return { mounted: ready || opened, opened: opened && ready };
}
