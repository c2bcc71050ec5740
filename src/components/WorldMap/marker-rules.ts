/**
 * Pure sizing and colouring rules for map markers: a marker grows with its value but never
 * past 2.5× its base size; engagement above 15 percent switches to the other glow colour.
 */
export const MARKER_MAX_SCALE = 2.5;
export const HIGH_ENGAGEMENT_THRESHOLD = 15;

/**
 * Radius for a marker: area grows with `value / reference` (square root), never below the base and
 * never above 2.5× the base. A non-positive reference yields the base.
 */
export function markerRadius(value: number, reference: number, baseRadius: number): number {
  if (!(reference > 0) || !(value > 0)) return baseRadius;
  const scale = Math.sqrt(value / reference);
  return baseRadius * Math.min(MARKER_MAX_SCALE, Math.max(1, scale));
}

export type MarkerGlow = 'high' | 'normal';

/** 'high' strictly above 15 % engagement (15 itself stays normal). */
export function markerGlow(engagementPercent: number): MarkerGlow {
  return engagementPercent > HIGH_ENGAGEMENT_THRESHOLD ? 'high' : 'normal';
}

/** The smallest positive value: the reference that maps to the base size. */
export function referenceValue(values: readonly number[]): number {
  const positive = values.filter((value) => value > 0);
  return positive.length ? Math.min(...positive) : 0;
}
