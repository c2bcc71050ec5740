/** Wrap-around index arithmetic for the Daily Locker carousel: pure and unit-tested. */

/** `index` wrapped into 0..length-1; 0 for an empty list. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

export interface VisibleIndices {
  previous: number | null;
  current: number;
  next: number | null;
}

/**
 * The three visible cards around `current`. With one item only the current card shows; with two the
 * other item appears once, as the next card, so no card is rendered twice.
 */
export function visibleIndices(current: number, length: number): VisibleIndices {
  const index = wrapIndex(current, length);
  if (length <= 1) return { previous: null, current: index, next: null };
  if (length === 2) return { previous: null, current: index, next: wrapIndex(index + 1, 2) };
  return { previous: wrapIndex(index - 1, length), current: index, next: wrapIndex(index + 1, length) };
}

/** 'n of m' with a 1-based n. */
export function positionLabel(current: number, length: number): string {
  return length === 0 ? '0 of 0' : `${wrapIndex(current, length) + 1} of ${length}`;
}
