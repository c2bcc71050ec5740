import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, then true, set in a transition: what it gates (content below the
 * fold) renders after the first paint in interruptible slices, not inside the first long task.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}
