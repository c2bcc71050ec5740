import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, then true, set in a transition: what it gates (content below the
 * fold) renders after the first paint in interruptible slices, not inside the first long task.
 */
export function useAfterFirstPaint(): boolean {
  return useStagedReveal(1) >= 1;
}

/** Runs `task` once the frame being prepared has painted (a frame, then a task); at once in a hidden tab. */
function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const visible = typeof document === 'undefined' || document.visibilityState !== 'hidden';
  if (!visible || typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => (timer = setTimeout(task, 0)));
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * 0 on the first render, then 1, 2, … up to `stages`, one step per painted frame, each in a
 * transition: content below the fold revealed in steps commits (and lays out) in several short
 * tasks instead of one long one.
 */
export function useStagedReveal(stages: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= stages) return undefined;
    return afterPaint(() => startTransition(() => setStage((current) => Math.min(stages, current + 1))));
  }, [stage, stages]);
  return stage;
}
