import { useCallback, useState } from 'react';
import { addComment, applyReaction, markShared, markUsed, toggleSaved } from './locker-actions';
import type { LockerItem, ReactionKind } from './types';

/**
 * In-memory locker state for sample data (demo pages, the dashboard's mock mode): the handlers the
 * carousel expects, applied optimistically with the pure rules of locker-actions.ts.
 */
export function useLockerItemsState(initial: LockerItem[] | (() => LockerItem[])) {
  const [items, setItems] = useState(initial);
  const update = useCallback((id: string, change: (item: LockerItem) => LockerItem) => {
    setItems((current) => current.map((item) => (item.id === id ? change(item) : item)));
  }, []);
  return {
    items,
    onReact: useCallback(
      (id: string, reaction: ReactionKind) => update(id, (i) => applyReaction(i, reaction)),
      [update],
    ),
    onSave: useCallback((id: string) => update(id, toggleSaved), [update]),
    onShare: useCallback((id: string) => update(id, markShared), [update]),
    onUseCode: useCallback((id: string) => update(id, markUsed), [update]),
    onComment: useCallback((id: string) => update(id, addComment), [update]),
  };
}
